import Foundation

/// Finds what `swift build` made: the `trestle` binary beside the test bundle.
public enum BuiltProducts {
    /// The folder holding the test bundle (`.build/debug` or `.build/release`).
    public static var folder: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidate = bundle.deletingLastPathComponent()
        // Bundles may be folders (`X.xctest/Contents/...`) on some platforms.
        while candidate.pathComponents.count > 1 {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("trestle").path) {
                return candidate
            }
            candidate = candidate.deletingLastPathComponent()
        }
        return bundle.deletingLastPathComponent()
    }

    /// The `trestle` executable.
    public static var trestle: URL { folder.appendingPathComponent("trestle") }

    /// The package's root (for `sample-data/` and `themes/`).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
