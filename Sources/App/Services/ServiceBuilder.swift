import Foundation
import JSON
import Logging
import Networking
import Services

/// Everything the screens need from the outside world, built once per run.
public struct ServiceContainer: Sendable {
    public var api: any APIService
    public var storage: any StorageService
    public var activity: ActivityTracker
    /// A one-line warning to show at start (a repaired cache), if any.
    public var startupWarning: String?

    public init(
        api: any APIService, storage: any StorageService, activity: ActivityTracker, startupWarning: String? = nil
    ) {
        self.api = api
        self.storage = storage
        self.activity = activity
        self.startupWarning = startupWarning
    }
}

/// Decides which services run: one builder per environment, chosen at launch.
public protocol ServiceBuilder: Sendable {
    func build(storage: any StorageService, logger: Logger) async throws(ConfigurationError) -> ServiceContainer
}

extension AppConfiguration {
    /// The builder for this configuration's environment.
    public var serviceBuilder: any ServiceBuilder {
        switch environment {
        case .fake: return FakeServiceBuilder(configuration: self)
        case .development: return DevelopmentServiceBuilder(configuration: self)
        case .production: return ProductionServiceBuilder(configuration: self)
        }
    }
}

/// The common middleware of every environment: the configured timeout,
/// activity tracking, then logging.
func standardMiddleware(activity: ActivityTracker, logger: Logger, timeout: Double) -> [any Middleware] {
    [TimeoutMiddleware(seconds: timeout), ActivityMiddleware(tracker: activity), LoggingMiddleware(logger: logger)]
}

/// Applies the configured per-request timeout (`--timeout`, `timeout:`).
struct TimeoutMiddleware: Middleware {
    let seconds: Double

    func prepare(_ request: Request) async throws(NetworkError) -> Request {
        request |> withTimeout(seconds)
    }
}
