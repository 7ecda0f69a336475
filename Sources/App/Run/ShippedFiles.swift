import Foundation

/// Finds folders shipped with Trestle (`themes/`, `sample-data/`) beside the
/// executable or in a folder above it, so the working directory never matters.
enum ShippedFiles {
    static func locate(_ name: String, executable: URL, fileManager: FileManager = .default) -> URL? {
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<8 {
            for candidate in [
                folder.appendingPathComponent(name), folder.appendingPathComponent("share/trestle/\(name)"),
            ] {
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                    return candidate
                }
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return nil
    }
}
