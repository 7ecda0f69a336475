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
    static func apply(_ configuration: AppConfiguration, documents: DocumentFetcher?, logger: Logger) async
        -> OpenAPIStage.Applied
    {
        if let found = await look(configuration, documents: documents, logger: logger) { return found }
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
        root: RememberedConvention.Answer? = nil
    ) async -> OpenAPIStage.Applied? {
        guard configuration.environment != .fake, let network = documents?.network else { return nil }
        let skipsBase = root.map(Self.isResource) ?? false
        guard
            let found = await GraphQLDiscovery.discover(
                configuration.baseURL, network: network, skippingBase: skipsBase)
        else { return nil }
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
