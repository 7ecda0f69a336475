import Foundation

/// A private home for one end-to-end run: `HOME` and the four XDG folders
/// point into a fresh temporary directory, so runs never share a cache,
/// config or log with each other or with the user.
public final class TemporaryHome: Sendable {
    /// The root folder (removed by ``remove()``).
    public let root: URL

    public init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("trestle-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
        for folder in ["home", "cache", "state", "config"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    /// `HOME`, `XDG_CACHE_HOME`, `XDG_STATE_HOME`, `XDG_CONFIG_HOME`.
    public var environment: [String: String] {
        [
            "HOME": root.appendingPathComponent("home").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
        ]
    }

    /// The app's log file, if it wrote one (for failure messages).
    public var log: String {
        let url = root.appendingPathComponent("state/trestle/trestle.log")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? "(no log)"
    }

    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
