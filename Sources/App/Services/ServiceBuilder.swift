import Foundation
import JSON
import Logging
import Modules
import Networking
import Services

/// Everything the screens need from the outside world, built once per run.
public struct ServiceContainer: Sendable {
    public var api: any APIService
    public var storage: any StorageService
    public var activity: ActivityTracker
    /// The last requests of the run, for the inspector (`I`, `:requests`).
    public var journal: RequestJournal
    /// A one-line warning to show at start (a repaired cache), if any.
    public var startupWarning: String?
    /// Keeps the journal's requests in the cache (`:history`), if the run keeps them.
    public var history: RequestHistoryRecorder?
    /// Fetches the service's description documents (its OpenAPI document)
    /// through the same client and cache; `nil` where there is no HTTP service.
    public var documents: DocumentFetcher?
    /// What the services were built from of the service's description
    /// (its document's auth): a described start builds them again (``ServiceBuilder/rebuild(_:for:logger:)``).
    public var description = ServiceDescription()
    /// What an HTTP environment's services stand on, kept when they are built again; `nil` for the fake.
    var grounds: ServiceGrounds?
    /// The resources as the services describe them (a snapshot's
    /// description), browsed instead of the configured catalog; `nil` for most.
    public var catalog: ResourceCatalog?
    /// The HTTP transport, closed by ``shutdown()``; `nil` where nothing goes over the network.
    public var transport: (any HTTPClient)?

    public init(
        api: any APIService, storage: any StorageService, activity: ActivityTracker,
        journal: RequestJournal = RequestJournal(), startupWarning: String? = nil,
        history: RequestHistoryRecorder? = nil
    ) {
        self.history = history
        self.journal = journal
        self.api = api
        self.storage = storage
        self.activity = activity
        self.startupWarning = startupWarning
    }

    /// Closes the transport's connections and finishes the cache's writes
    /// at the end of the run.
    public func shutdown() async {
        await transport?.shutdown()
        await storage.flush()
    }
}

/// Decides which services run: one builder per environment, chosen at launch.
public protocol ServiceBuilder: Sendable {
    /// The services of the run for what is known of the service
    /// (`description`); every request they send is recorded in `journal`.
    func build(
        storage: any StorageService, logger: Logger, journal: RequestJournal, description: ServiceDescription
    ) async throws(ConfigurationError) -> ServiceContainer

    /// The services of `built` made again for `description`, found since:
    /// the run's transport, cache, activity, journal and history are kept
    /// (one connection pool, one history); what talks to the service is new.
    func rebuild(_ built: ServiceContainer, for description: ServiceDescription, logger: Logger)
        async throws(ConfigurationError) -> ServiceContainer
}

extension ServiceBuilder {
    /// The services before anything is known of the service.
    public func build(storage: any StorageService, logger: Logger, journal: RequestJournal)
        async throws(ConfigurationError) -> ServiceContainer
    {
        try await build(storage: storage, logger: logger, journal: journal, description: ServiceDescription())
    }

    /// Nothing to make again where no description changes the services (the fake environment).
    public func rebuild(_ built: ServiceContainer, for description: ServiceDescription, logger: Logger)
        async throws(ConfigurationError) -> ServiceContainer
    {
        built
    }
}

extension AppConfiguration {
    /// The builder for this configuration's environment.
    public var serviceBuilder: any ServiceBuilder {
        serviceBuilder(environment: ProcessInfo.processInfo.environment)
    }

    /// The builder for this configuration's environment, reading secrets
    /// (`TRESTLE_TOKEN`, `auth:`'s variables) from `environment`.
    public func serviceBuilder(environment variables: [String: String]) -> any ServiceBuilder {
        switch environment {
        case .fake: FakeServiceBuilder(configuration: self)
        case .development: DevelopmentServiceBuilder(configuration: self, environment: variables)
        case .production: ProductionServiceBuilder(configuration: self, environment: variables)
        }
    }
}

/// The common middleware of every environment: the configured timeout,
/// activity tracking, logging, then the request journal (answers come from
/// `transport`: the network, or the fake's engine).
func standardMiddleware(
    activity: ActivityTracker, logger: Logger, timeout: Double, journal: RequestJournal,
    transport: RequestJournal.Answer = .network
) -> [any Middleware] {
    [
        TimeoutMiddleware(seconds: timeout), ActivityMiddleware(tracker: activity),
        LoggingMiddleware(logger: logger, describe: \.userMessage),
        JournalMiddleware(journal: journal, transport: transport),
    ]
}

/// Applies the configured per-request timeout (`--timeout`, `timeout:`).
struct TimeoutMiddleware: Middleware {
    let seconds: Double

    func prepare(_ request: Request) async throws(NetworkError) -> Request {
        request |> withTimeout(seconds)
    }
}
