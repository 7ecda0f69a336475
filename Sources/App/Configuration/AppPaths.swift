import Foundation

/// Where Trestle keeps its files, following the XDG base directories.
public struct AppPaths: Sendable, Equatable {
    public var configFile: URL
    public var userThemes: URL
    public var cacheDatabase: URL
    public var logFile: URL

    /// Paths from an environment (`XDG_CONFIG_HOME`, `XDG_CACHE_HOME`,
    /// `XDG_STATE_HOME`, `HOME`), each falling back to its XDG default.
    public init(environment: [String: String]) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSTemporaryDirectory(), isDirectory: true)
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return home.appendingPathComponent(fallback, isDirectory: true)
        }
        let config = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("trestle", isDirectory: true)
        configFile = config.appendingPathComponent("config.yaml")
        userThemes = config.appendingPathComponent("themes", isDirectory: true)
        cacheDatabase = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("trestle/cache.sqlite")
        logFile = base("XDG_STATE_HOME", ".local/state").appendingPathComponent("trestle/trestle.log")
    }
}
