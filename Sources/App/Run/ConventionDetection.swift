import Foundation
import Logging
import Modules
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
    /// `nil` when no convention claims the root (or it names nothing). With
    /// `recall`, what is found is remembered for the next start; a root that
    /// answers and is no longer claimed forgets it, while a root that cannot
    /// be read (offline, past the deadline) keeps the remembered catalog.
    static func apply(
        _ configuration: AppConfiguration, documents: DocumentFetcher?, logger: Logger, recall: ConventionRecall? = nil,
        trail: UnknownService.Trail? = nil
    ) async -> OpenAPIStage.Applied? {
        guard asks(configuration), let network = documents?.network else { return nil }
        let detector = ConventionDetector(root: configuration.baseURL, network: network, registry: registry)
        let forced = configuration.convention.map(ConventionName.init(rawValue:))
        if let forced, registry.named(forced) == nil {
            let known = registry.names.map(\.rawValue).joined(separator: ", ")
            return OpenAPIStage.Applied(
                configuration: configuration,
                warning: Texts.Start.unknownConvention(name: forced.rawValue, known: known))
        }
        let recorder = ConventionRecorder()
        let detected = await detector.detect(forcing: forced, recording: recorder)
        trail?.note(root: recorder.root)
        guard let found = detected, !found.resources.isEmpty else {
            return await notFound(
                configuration, recorder: recorder, recall: recall, documents: documents, logger: logger)
        }
        documents?.memory?.note(found.convention)
        if let recall, let remembered = recorder.remembered(as: found.convention), remembered != recall.remembered {
            await recall.remember(remembered)
        }
        logger.info(
            "convention",
            metadata: ["name": "\(found.convention)", "resources": "\(found.resources.map(\.name))"])
        let unused = found.unused.map(words)
        for line in unused { logger.warning("convention", metadata: ["unused": "\(line)"]) }
        return OpenAPIStage.Applied(configuration: with(found, configuration), warning: unused.first)
    }

    /// A document discovery found and did not use, as the status line says it.
    static func words(_ unused: UnusedDocument) -> String {
        let reason =
            switch unused.reason {
            case .unanswered: Texts.Start.unusedUnanswered
            case .status(let status): Texts.Start.unusedStatus(status: status)
            case .malformed(let line, let column): Texts.Start.unusedMalformed(line: line, column: column)
            case .missing(let what): Texts.Start.unusedMissing(what: what)
            }
        return Texts.Start.documentUnused(url: unused.url.absoluteString, reason: reason)
    }

    /// No convention found this time: a root that answered (2xx) and that
    /// none claims forgets what was remembered (the start goes on as a
    /// first one: `/db`, the OpenAPI paths); otherwise the remembered
    /// catalog stands.
    private static func notFound(
        _ configuration: AppConfiguration, recorder: ConventionRecorder, recall: ConventionRecall?,
        documents: DocumentFetcher?, logger: Logger
    ) async -> OpenAPIStage.Applied? {
        guard let recall, let recalled = recall.discovery else { return nil }
        if let root = recorder.remembered(as: recalled.convention)?.root.answer, (200..<300).contains(root.status),
            registry.claiming(root).isEmpty
        {
            logger.notice("convention", metadata: ["forgotten": "\(recalled.convention)"])
            documents?.memory?.forget()
            await recall.remember(nil)
            return nil
        }
        return OpenAPIStage.Applied(configuration: with(recalled, configuration))
    }

    /// `configuration` browsing the collections `found` names.
    static func with(_ found: ConventionDiscovery, _ configuration: AppConfiguration) -> AppConfiguration {
        var result = configuration
        result.catalog = ResourceCatalog(found.resources, source: words(found))
        result.catalog.opening = result.catalog.foundOpening
        return result
    }

    /// Where the collections were found, as the start screen's title says
    /// it: in the words of the convention that found them.
    static func words(_ found: ConventionDiscovery, in registry: ConventionRegistry = ConventionDetection.registry)
        -> String
    {
        registry.named(found.convention)?.sourceWords(found.source).words ?? Texts.Start.sourceConfig
    }
}

/// The convention remembered in the cache for the service started (its
/// environment and base URL, as the cache's namespace keys it): read at the
/// start, so that the catalog it names is shown at once and no json-server
/// or OpenAPI path is asked; written when detection finds the service's
/// convention, again or anew.
struct ConventionRecall: Sendable {
    let storage: any StorageService
    /// The service's key in the cache.
    let service: String
    /// What an earlier start remembered, if any (and not overruled by `--convention`).
    let remembered: RememberedConvention?
    /// The collections found again from `remembered`, without a request.
    let discovery: ConventionDiscovery?
    /// What the look for a document found at an earlier start (`DiscoveryMemory`), while fresh.
    var discovered: RememberedDiscovery? = nil

    /// The service's key: its environment and base URL.
    static func service(of configuration: AppConfiguration) -> String {
        "\(configuration.environment.rawValue)|\(configuration.baseURL.absoluteString)"
    }

    /// What `storage` remembers of the service `configuration` starts; a
    /// convention other than the one `--convention` forces is not used.
    static func read(_ configuration: AppConfiguration, storage: any StorageService) async -> ConventionRecall {
        let service = service(of: configuration)
        var remembered = await storage.rememberedConvention(forService: service)
        let forced = configuration.convention.map(ConventionName.init(rawValue:))
        if let forced, forced != remembered?.convention { remembered = nil }
        let discovery = await remembered?.replayed(in: ConventionDetection.registry)
        let discovered = await storage.rememberedDiscovery(forService: service).flatMap { $0.isFresh() ? $0 : nil }
        return ConventionRecall(
            storage: storage, service: service, remembered: remembered, discovery: discovery, discovered: discovered)
    }

    /// Keeps `remembered` for the next start (`nil` forgets).
    func remember(_ remembered: RememberedConvention?) async {
        await storage.rememberConvention(remembered, forService: service)
    }
}
