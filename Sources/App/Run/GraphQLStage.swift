import Foundation
import GraphQLServices
import Logging
import OpenAPIServices
import Services
import Translations

/// The GraphQL backend's place in discovery: forced by `--convention
/// graphql`, or looked for when no REST convention or document claims the
/// base URL — the introspection query POSTed to the base URL, then to
/// `<base>/graphql` (``GraphQLDiscovery``). What it finds is the catalog
/// (one collection per list or connection query field) and, through
/// ``OpenAPIStage/Applied/graphQL``, the services' backend.
enum GraphQLStage {
    /// Whether `--convention graphql` (or the config's `convention:`) forces it.
    static func isForced(_ configuration: AppConfiguration) -> Bool {
        configuration.convention.map(ConventionName.init(rawValue:)) == GraphQLAPIService.convention
    }

    /// Forced: the GraphQL service at the base URL, or a warning that none answered.
    static func apply(
        _ configuration: AppConfiguration, documents: DocumentFetcher?, logger: Logger, recall: ConventionRecall? = nil
    ) async -> OpenAPIStage.Applied {
        if let found = await look(configuration, documents: documents, logger: logger, recall: recall) {
            return found
        }
        return OpenAPIStage.Applied(
            configuration: UnknownService.unguessed(configuration),
            warning: Texts.Start.noGraphQL(url: configuration.baseURL.absoluteString))
    }

    /// The GraphQL service at the base URL, if one answers the introspection query.
    /// - Parameter root: what the base URL answered a GET (convention
    ///   detection's look): JSON there is a REST resource, which a POST might
    ///   write to, so only `<base>/graphql` is asked then. Forced, both are.
    static func look(
        _ configuration: AppConfiguration, documents: DocumentFetcher?, logger: Logger,
        root: RememberedConvention.Answer? = nil, recall: ConventionRecall? = nil
    ) async -> OpenAPIStage.Applied? {
        guard configuration.environment != .fake, let network = documents?.network else { return nil }
        let skipsBase = root.map(Self.isResource) ?? false
        guard
            let found = await GraphQLDiscovery.discover(
                configuration.baseURL, network: network, skippingBase: skipsBase)
        else { return nil }
        await remember(found, recall: recall)
        return applied(found, configuration: configuration, logger: logger)
    }

    /// `configuration` browsing the service `found`.
    static func applied(_ found: GraphQLDiscovery.Found, configuration: AppConfiguration, logger: Logger)
        -> OpenAPIStage.Applied
    {
        var result = configuration
        result.catalog = ResourceCatalog(
            found.catalog.descriptors, source: Texts.GraphQL.source(url: found.endpoint.absoluteString))
        result.catalog.opening = result.catalog.foundOpening
        logger.info(
            "graphql",
            metadata: [
                "endpoint": "\(found.endpoint.absoluteString)", "resources": "\(result.catalog.names)",
                "mutations": "\(found.catalog.mutations.count)",
            ])
        return OpenAPIStage.Applied(configuration: result, graphQL: found)
    }
}

extension GraphQLStage {
    /// Whether `root` is a REST resource: a 2xx answer in JSON.
    static func isResource(_ root: RememberedConvention.Answer) -> Bool {
        guard (200..<300).contains(root.status), let type = root.mediaType?.lowercased() else { return false }
        return type.contains("json")
    }
}

extension OpenAPIDiscovery.Outcome {
    /// No document gave a catalog (none found, or one that could not be
    /// read): a GraphQL endpoint is looked for next.
    var claimsNothing: Bool {
        switch self {
        case .none, .problem: true
        case .found, .stopped: false
        }
    }
}

/// What discovery found of a GraphQL service, remembered per service
/// (`RememberedDiscovery.Outcome.graphQL`, its introspection answer kept
/// beside in the cache): the next start POSTs the introspection query to
/// the endpoint alone, before any convention or document is asked —
/// revalidated as a remembered document's place is, every start.
extension GraphQLStage {
    /// The service an earlier start found, asked again: its schema as it
    /// answers now, or (no answer: offline, past the deadline) as it was
    /// kept; `nil` when nothing is remembered, or the endpoint answers no
    /// schema now (the memory is forgotten and every place asked again).
    static func remembered(
        _ configuration: AppConfiguration, documents: DocumentFetcher?, logger: Logger, recall: ConventionRecall?
    ) async -> OpenAPIStage.Applied? {
        guard configuration.environment != .fake, let network = documents?.network, let recall,
            case .graphQL(let endpoint)? = recall.discovered?.outcome
        else { return nil }
        switch await GraphQLDiscovery.ask(endpoint, network: network) {
        case .found(let found):
            logger.info("discovery", metadata: ["remembered": "graphql \(endpoint.absoluteString)"])
            await remember(found, recall: recall)
            return applied(found, configuration: configuration, logger: logger)
        case .unanswered:
            guard let kept = await recall.storage.cachedResponse(forKey: schemaKey(recall.service, endpoint)),
                let found = GraphQLDiscovery.read(kept.body, endpoint: endpoint)
            else { return nil }
            logger.notice("discovery", metadata: ["remembered": "graphql \(endpoint.absoluteString), unanswered"])
            return applied(found, configuration: configuration, logger: logger)
        case .notASchema:
            logger.notice("discovery", metadata: ["remembered place failed": "\(endpoint.absoluteString)"])
            await DiscoveryMemory.remember(nil, recall: recall)
            await recall.storage.removeResponse(forKey: schemaKey(recall.service, endpoint))
            return nil
        }
    }

    /// Keeps `found` for the next start: the endpoint, and its introspection answer.
    static func remember(_ found: GraphQLDiscovery.Found, recall: ConventionRecall?) async {
        guard let recall else { return }
        await DiscoveryMemory.remember(RememberedDiscovery(.graphQL(found.endpoint)), recall: recall)
        guard !found.answer.isEmpty else { return }
        await recall.storage.store(
            CachedResponse(key: schemaKey(recall.service, found.endpoint), body: found.answer, fetchedAt: Date()))
    }

    /// Where the introspection answer is kept in the cache.
    static func schemaKey(_ service: String, _ endpoint: URL) -> String {
        "\(service)|graphql-schema|\(endpoint.absoluteString)"
    }
}

extension GraphQLStage {
    /// A GraphQL service's problem in the run's language (GraphQLServices has no words).
    static func words(_ problem: GraphQLProblem) -> String {
        switch problem {
        case .tooManyPages(let count): Texts.GraphQL.tooManyPages(count: count)
        case .noRecordField(let type): Texts.GraphQL.noRecordField(type: type)
        case .notFound: Texts.Service.notFound
        case .missing(let path): Texts.GraphQL.missing(path: path)
        case .writeByMutation: Texts.GraphQL.writeByMutation
        case .noMutation(let name): Texts.GraphQL.noMutation(name: name)
        case .tooDeep(let depth): Texts.GraphQL.tooDeep(depth: depth)
        case .answered(let status): Texts.Service.answered(status: String(status))
        case .noData: Texts.GraphQL.noData
        case .invalidQuery(let reason): Texts.GraphQL.invalidQuery(reason: reason)
        case .errors(let message, let path, let more):
            errors(message: message, path: path, more: more)
        }
    }

    /// `GraphQL error at books.edges.0.node.author: Not allowed (and 2 more)`.
    private static func errors(message: String, path: String?, more: Int) -> String {
        let said =
            path.map { Texts.GraphQL.errorAt(path: $0, message: message) } ?? Texts.GraphQL.error(message: message)
        return more > 0 ? said + " " + Texts.GraphQL.moreErrors(count: more) : said
    }
}
