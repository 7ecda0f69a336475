import Foundation

/// A cache path as the status line shows it: `~/.cache/trestle/cache.sqlite`.
enum StoragePath {
    static func short(_ path: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String {
        guard let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
