import Foundation
import Logging
import Services
import Translations

/// At start, before any OpenAPI path is asked: which convention the
/// service's root speaks (HAL links, a Django REST root, JSON:API links, an
/// OData service document). A convention that names collections gives the
/// catalog, and no json-server or OpenAPI path is asked after it; a root
/// that none claims (json-server's, an OpenAPI service's) goes on as before.
enum ConventionDetection {
    /// The conventions the root is asked about: all but json-server's and
    /// the OpenAPI routes', which the start finds its own way (`/db`, the
    /// document's paths).
    static var registry: ConventionRegistry {
        ConventionRegistry(
            ConventionRegistry.builtIn.conventions.filter { ![.jsonServer, .openAPI].contains($0.name) })
    }

    /// Whether the root is looked at: a live service nobody configured (or
    /// configured without resources) and no document named.
    static func asks(_ configuration: AppConfiguration) -> Bool {
        guard configuration.environment != .fake else { return false }
        let described = configuration.serviceName != nil && !configuration.discoversResources
        return configuration.convention != nil || (!described && configuration.openapi == nil)
    }

    /// `configuration` with the catalog the root's convention names, or
    /// `nil` when no convention claims the root (or it names nothing).
    static func apply(_ configuration: AppConfiguration, documents: DocumentFetcher?, logger: Logger) async
        -> OpenAPIStage.Applied?
    {
        guard asks(configuration), let network = documents?.network else { return nil }
        let detector = ConventionDetector(root: configuration.baseURL, network: network, registry: registry)
        let forced = configuration.convention.map(ConventionName.init(rawValue:))
        if let forced, registry.named(forced) == nil {
            let known = registry.names.map(\.rawValue).joined(separator: ", ")
            return OpenAPIStage.Applied(
                configuration: configuration,
                warning: Texts.Start.unknownConvention(name: forced.rawValue, known: known))
        }
        guard let found = await detector.detect(forcing: forced), !found.resources.isEmpty else { return nil }
        documents?.memory?.note(found.convention)
        var result = configuration
        result.catalog = ResourceCatalog(found.resources, source: words(found.source))
        logger.info(
            "convention",
            metadata: ["name": "\(found.convention)", "resources": "\(found.resources.map(\.name))"])
        return OpenAPIStage.Applied(configuration: result)
    }

    /// Where the collections were found, as the start screen's title says it.
    static func words(_ source: DiscoverySource) -> String {
        switch source {
        case .halLinks: Texts.Start.sourceHALLinks
        case .djangoRoot: Texts.Start.sourceDjangoRoot
        case .jsonAPILinks: Texts.Start.sourceJSONAPILinks
        case .oDataMetadata: Texts.Start.sourceODataMetadata
        case .oDataServiceDocument: Texts.Start.sourceODataServiceDocument
        case .openAPIDocument, .jsonServerDatabase, .configuration: Texts.Start.sourceConfig
        }
    }
}
