import Foundation
import GRPCServices
import GraphQLServices
import Logging
import Modules
import Networking
import Services
import Translations

/// The development environment: a local server, by default `trestle serve`.
public struct DevelopmentServiceBuilder: GroundedServiceBuilder {
    public var configuration: AppConfiguration
    /// Where `auth:`'s secrets are read from.
    public var environment: [String: String]

    /// One quick retry: a local server that fails once still shows its data,
    /// and one that is not running is reported within a fraction of a second.
    static let retry = RetryPolicy(maxAttempts: 2, baseDelay: 0.2, maxDelay: 2)

    public init(configuration: AppConfiguration, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configuration = configuration
        self.environment = environment
    }

    func services(_ grounds: ServiceGrounds, logger: Logger, for description: ServiceDescription)
        -> ServiceContainer
    {
        grounds.services(
            configuration, auth: grounds.auth.map { [$0] } ?? [], retry: Self.retry, logger: logger,
            hint: .whenUnreachable(Texts.Service.startServe), description: description)
    }
}

/// The production environment: the public service, with auth and retries.
public struct ProductionServiceBuilder: GroundedServiceBuilder {
    public var configuration: AppConfiguration
    public var environment: [String: String]

    public init(configuration: AppConfiguration, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configuration = configuration
        self.environment = environment
    }

    /// The config file's `auth:` first; else TRESTLE_TOKEN where the description says.
    func services(_ grounds: ServiceGrounds, logger: Logger, for description: ServiceDescription)
        throws(ConfigurationError) -> ServiceContainer
    {
        var auth: [any Middleware] = []
        if let configured = grounds.auth {
            auth = [configured]
        } else if let token = try token() {
            auth = [PlacedCredentialMiddleware(token: token, placement: description.credential ?? .bearer)]
        }
        return grounds.services(
            configuration, auth: auth, retry: .default, logger: logger, hint: .none, description: description)
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

/// A builder of an HTTP environment: its services stand on ``ServiceGrounds``
/// made once, and are made again on the same grounds for a description.
protocol GroundedServiceBuilder: ServiceBuilder {
    var configuration: AppConfiguration { get }
    /// Where `auth:`'s secrets are read from.
    var environment: [String: String] { get }
    /// The services on `grounds` for `description`.
    func services(_ grounds: ServiceGrounds, logger: Logger, for description: ServiceDescription)
        throws(ConfigurationError) -> ServiceContainer
}

extension GroundedServiceBuilder {
    public func build(
        storage: any StorageService, logger: Logger, journal: RequestJournal, description: ServiceDescription
    ) async throws(ConfigurationError) -> ServiceContainer {
        let grounds = ServiceGrounds(configuration, storage: storage, journal: journal, environment: environment)
        return try services(grounds, logger: logger, for: description)
    }

    public func rebuild(_ built: ServiceContainer, for description: ServiceDescription, logger: Logger)
        async throws(ConfigurationError) -> ServiceContainer
    {
        guard let grounds = built.grounds else { return built }
        return try services(grounds, logger: logger, for: description).noting(conventionOf: built)
    }
}

/// What the services of an HTTP environment stand on and keep when they are
/// built again for a description: the transport (its connection pool), the
/// cache, the activity counters, the request journal, the history, and the
/// configured auth's session (its token, once fetched).
struct ServiceGrounds: Sendable {
    let storage: any StorageService
    let activity: ActivityTracker
    let journal: RequestJournal
    let transport: any HTTPClient
    let history: RequestHistoryRecorder
    /// The config file's `auth:`, if any.
    let auth: ServiceAuthMiddleware?

    /// New grounds for `configuration`'s service; `auth:`'s secrets read from `environment`.
    init(
        _ configuration: AppConfiguration, storage: any StorageService, journal: RequestJournal,
        environment: [String: String]
    ) {
        let activity = ActivityTracker()
        let transport = AsyncHTTPClientTransport(
            server: configuration.baseURL, received: { [activity] in activity.receive(bytes: $0) },
            settings: configuration.transport, secrets: SecretReader(environment: environment))
        self.storage = storage
        self.activity = activity
        self.journal = journal
        self.transport = transport
        history = historyRecorder(configuration, storage: storage, journal: journal)
        auth = ServiceAuth.middleware(configuration, transport: transport, environment: environment)
    }

    /// The services on these grounds: `auth` first, then the common
    /// middleware; the live service says `description`'s auth schemes on a
    /// 401 or 403.
    func services(
        _ configuration: AppConfiguration, auth: [any Middleware], retry: RetryPolicy, logger: Logger,
        hint: ErrorHint, description: ServiceDescription
    ) -> ServiceContainer {
        // A pasted curl command's fields, first: the configured auth (if any) has the last word.
        let pasted: [any Middleware] =
            configuration.curl.map {
                [
                    OriginHeadersMiddleware(
                        origin: configuration.baseURL,
                        headers: $0.headers.map { HTTPHeaders.Field(name: $0.name, value: $0.value) },
                        queryItems: $0.secretQueryItems)
                ]
            } ?? []
        let network = NetworkClient(
            client: transport,
            middleware: pasted + auth
                + standardMiddleware(
                    activity: activity, logger: logger, timeout: configuration.timeout, journal: journal),
            retry: retry)
        let (live, documents) = makeLiveService(
            configuration, network: network, storage: storage, logger: logger, hint: hint)
        let rest = description.authSchemes.isEmpty ? live : live.explainingUnauthorized(with: description.authSchemes)
        // The backend discovery chose: GraphQL beside REST, on the same client and middleware.
        var api: any APIService = rest
        if let graphQL = description.graphQL {
            api = GraphQLAPIService(
                endpoint: graphQL.endpoint, catalog: graphQL.catalog, network: network, storage: storage,
                namespace: ConventionRecall.service(of: configuration), words: GraphQLStage.words)
        } else if let grpc = grpcService(description.grpc, configuration: configuration, logger: logger) {
            api = grpc
        }
        var container = ServiceContainer(
            api: api, storage: storage, activity: activity, journal: journal, history: history)
        container.documents = documents
        container.transport = transport
        container.description = description
        container.grounds = self
        return container
    }
}

extension ServiceGrounds {
    /// The gRPC backend discovery chose, on a connection of its own (HTTP/2:
    /// not the HTTP client); its calls go into the same journal.
    func grpcService(_ found: GRPCDiscovery.Found?, configuration: AppConfiguration, logger: Logger)
        -> GRPCAPIService?
    {
        guard let found else { return nil }
        do throws(GRPCError) {
            let connection = try GRPCConnection(found.target, timeout: configuration.timeout, session: auth?.session)
            return GRPCAPIService(
                connection: connection, catalog: found.catalog, journal: journal, storage: storage,
                namespace: ConventionRecall.service(of: configuration), words: GRPCStage.words)
        } catch {
            logger.warning("grpc connection", metadata: ["error": "\(error)"])
            return nil
        }
    }
}

/// The request history of the environment and base URL, filled from `journal`.
func historyRecorder(_ configuration: AppConfiguration, storage: any StorageService, journal: RequestJournal)
    -> RequestHistoryRecorder
{
    let base = configuration.baseURL
    let recorder = RequestHistoryRecorder(
        storage: storage, namespace: "\(configuration.environment.rawValue)|\(base.absoluteString)", baseURL: base,
        describe: \.userMessage)
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
    var api = LiveAPIService(
        baseURL: base, network: network, store: store, keepsWrites: configuration.keepsWrites ?? !forgetsWrites,
        hint: hint)
    api.insecure = configuration.transport.insecure
    // Documents are asked once each, without retries: most services have
    // none at most of the conventional paths.
    let once = NetworkClient(client: network.client, middleware: network.middleware, retry: .never)
    let documents = ResourceStore(
        network: once, storage: storage, namespace: "\(configuration.environment.rawValue)|\(base.absoluteString)",
        logger: logger)
    return (api, DocumentFetcher(baseURL: base, store: documents, network: once, memory: api.found))
}

extension ServiceContainer {
    /// These services, knowing the convention `built` noted of the service
    /// (no `/db` asked of a HAL service after a rebuild either).
    func noting(conventionOf built: ServiceContainer) -> ServiceContainer {
        if let noted = built.documents?.memory?.convention { documents?.memory?.note(noted) }
        return self
    }
}
