import Foundation
import Logging

/// The settings Trestle runs with, after every layer was applied.
public struct AppConfiguration: Sendable {
    public var environment: AppEnvironment
    public var baseURL: URL
    /// The fake environment's latency in seconds.
    public var delay: Double
    /// Per-request timeout in seconds.
    public var timeout: Double
    public var themeName: String
    public var logLevel: Logger.Level
    /// The fake environment's data file (`nil`: the shipped sample data).
    public var dataFile: URL?
    public var fakeErrorRate: Double
    public var fakeFailWith: Int?
    public var paths: AppPaths

    public init(
        environment: AppEnvironment, baseURL: URL, delay: Double, timeout: Double, themeName: String,
        logLevel: Logger.Level, dataFile: URL?, fakeErrorRate: Double, fakeFailWith: Int?, paths: AppPaths
    ) {
        self.environment = environment
        self.baseURL = baseURL
        self.delay = delay
        self.timeout = timeout
        self.themeName = themeName
        self.logLevel = logLevel
        self.dataFile = dataFile
        self.fakeErrorRate = fakeErrorRate
        self.fakeFailWith = fakeFailWith
        self.paths = paths
    }
}
