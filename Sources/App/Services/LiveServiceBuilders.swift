import Foundation
import Logging
import Networking
import Services
import Translations

/// The development environment: a local server, by default `trestle serve`.
public struct DevelopmentServiceBuilder: ServiceBuilder {
    public var configuration: AppConfiguration

    /// One quick retry: a local server that fails once still shows its data,
    /// and one that is not running is reported within a fraction of a second.
    static let retry = RetryPolicy(maxAttempts: 2, baseDelay: 0.2, maxDelay: 2)

    public init(configuration: AppConfiguration) { self.configuration = configuration }

    public func build(storage: any StorageService, logger: Logger, journal: RequestJournal)
        async throws(ConfigurationError)
        -> ServiceContainer
    {
        let activity = ActivityTracker()
        let transport = AsyncHTTPClientTransport(
            server: configuration.baseURL, received: { [activity] in activity.receive(bytes: $0) })
        let auth = ServiceAuth.middleware(
            configuration, transport: transport, environment: ProcessInfo.processInfo.environment)
        let network = NetworkClient(
            client: transport,
            middleware: (auth.map { [$0] } ?? [])
                + standardMiddleware(
                    activity: activity, logger: logger, timeout: configuration.timeout, journal: journal),
            retry: Self.retry)
        let (api, documents) = makeLiveService(
            configuration, network: network, storage: storage, logger: logger,
            hint: .whenUnreachable(Texts.Service.startServe))
        var container = ServiceContainer(
            api: api, storage: storage, activity: activity, journal: journal,
            history: historyRecorder(configuration, storage: storage, journal: journal))
        container.documents = documents
        container.transport = transport
        return container
    }
}

/// The production environment: the public service, with auth and retries.
public struct ProductionServiceBuilder: ServiceBuilder {
    public var configuration: AppConfiguration
    public var environment: [String: String]

    public init(configuration: AppConfiguration, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configuration = configuration
        self.environment = environment
    }

    public func build(storage: any StorageService, logger: Logger, journal: RequestJournal)
        async throws(ConfigurationError)
        -> ServiceContainer
    {
        let activity = ActivityTracker()
        var middleware = standardMiddleware(
            activity: activity, logger: logger, timeout: configuration.timeout, journal: journal)
        let placement = CredentialPlacementBox()
        let transport = AsyncHTTPClientTransport(
            server: configuration.baseURL, received: { [activity] in activity.receive(bytes: $0) })
        // The config file's `auth:` first; else TRESTLE_TOKEN where the document says.
        if let auth = ServiceAuth.middleware(configuration, transport: transport, environment: environment) {
            middleware.insert(auth, at: 0)
        } else if let token = try token() {
            middleware.insert(PlacedCredentialMiddleware(token: token, placement: placement), at: 0)
        }
        let network = NetworkClient(client: transport, middleware: middleware, retry: .default)
        let (api, documents) = makeLiveService(
            configuration, network: network, storage: storage, logger: logger, hint: .none)
        var container = ServiceContainer(
            api: api, storage: storage, activity: activity, journal: journal,
            history: historyRecorder(configuration, storage: storage, journal: journal))
        container.documents = documents
        container.credentialPlacement = placement
        container.transport = transport
        return container
    }

    /// `TRESTLE_TOKEN`, else the file named by `TRESTLE_TOKEN_FILE` (mode 0600).
    private func token() throws(ConfigurationError) -> String? {
        if let token = TokenSource.fromEnvironment(environment) { return token }
        guard let path = environment["TRESTLE_TOKEN_FILE"] else { return nil }
        do {
            return try TokenSource.fromFile(atPath: path)
        } catch {
            throw ConfigurationError(error.userMessage)
        }
    }
}

/// The request history of the environment and base URL, filled from `journal`.
func historyRecorder(_ configuration: AppConfiguration, storage: any StorageService, journal: RequestJournal)
    -> RequestHistoryRecorder
{
    let base = configuration.baseURL
    let recorder = RequestHistoryRecorder(
        storage: storage, namespace: "\(configuration.environment.rawValue)|\(base.absoluteString)", baseURL: base)
    recorder.attach(to: journal)
    return recorder
}

/// The live service both HTTP environments share.
func makeLiveService(
    _ configuration: AppConfiguration, network: NetworkClient, storage: any StorageService, logger: Logger,
    hint: ErrorHint
) -> (LiveAPIService, DocumentFetcher) {
    let base = configuration.baseURL
    let store = ResourceStore(
        network: network, storage: storage,
        namespace: "\(configuration.environment.rawValue)|\(base.absoluteString)", logger: logger)
    // JSONPlaceholder accepts writes and answers as if it kept them, but does not.
    let forgetsWrites = base.host?.hasSuffix("jsonplaceholder.typicode.com") ?? false
    let api = LiveAPIService(
        baseURL: base, network: network, store: store, keepsWrites: configuration.keepsWrites ?? !forgetsWrites,
        hint: hint)
    // Documents are asked once each, without retries: most services have
    // none at most of the conventional paths.
    let once = NetworkClient(client: network.client, middleware: network.middleware, retry: .never)
    let documents = ResourceStore(
        network: once, storage: storage, namespace: "\(configuration.environment.rawValue)|\(base.absoluteString)",
        logger: logger)
    return (api, DocumentFetcher(baseURL: base, store: documents, network: once, memory: api.found))
}
