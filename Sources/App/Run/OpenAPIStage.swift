import Foundation
import GRPCServices
import GraphQLServices
import Logging
import Networking
import OpenAPIServices
import Services
import Translations

/// Reads the service's OpenAPI document at start, in the order of sources:
/// `--openapi`, the service's `openapi:`, then (with no service configured
/// for the base URL) the conventional paths. A document found gives the
/// catalog; one that fails is one warning line, and the catalog stays.
enum OpenAPIStage {
    /// What the look for the document gave: the configuration with its
    /// catalog, the warning to show, and the document's description.
    struct Applied: Sendable {
        var configuration: AppConfiguration
        var warning: String?
        var description: OpenAPIDescription? = nil
        /// The reading was stopped (Esc): the configured catalog, said in `warning`.
        var stopped = false
        /// A GraphQL endpoint found instead of a REST service (`GraphQLStage`).
        var graphQL: GraphQLDiscovery.Found? = nil
        /// A gRPC service read through its server reflection (`GRPCStage`).
        var grpc: GRPCDiscovery.Found? = nil
    }

    /// Whether a document will be looked for: one was named, or no service
    /// (or one that lists no resources) is configured for a live base URL.
    static func asks(_ configuration: AppConfiguration) -> Bool {
        GRPCStage.claims(configuration) || configuration.openapi != nil
            || (configuration.environment != .fake
                && (configuration.serviceName == nil || configuration.discoversResources))
    }

    /// `configuration` with the document's catalog, the warning to show, if any, and the description.
    /// - Parameter reading: hears how far the reading of a document has
    ///   come and gets its first collections before the rest; cancelling
    ///   the task stops the reading (the outcome says so).
    /// - Parameter recall: the convention the cache remembers of the service (`ConventionDetection`).
    /// - Parameter digests: where the catalogs of documents read before are kept (the service's cache).
    /// - Parameter auth: the configured credential's session (a gRPC service's reflection sends it).
    static func apply(
        _ configuration: AppConfiguration, documents: DocumentFetcher?, logger: Logger,
        reading: DocumentReading? = nil, recall: ConventionRecall? = nil, digests: CatalogDigests? = nil,
        auth: AuthSession? = nil
    ) async -> Applied {
        let discovery = OpenAPIDiscovery(fetcher: documents, digests: digests)
        let outcome: OpenAPIDiscovery.Outcome
        var attempts: [OpenAPIDiscovery.Attempt] = []
        guard asks(configuration) else { return Applied(configuration: configuration) }
        defer { reading?.finish() }
        // A gRPC service speaks no HTTP/1 and has no document: reflection alone.
        if GRPCStage.claims(configuration) {
            return await GRPCStage.apply(configuration, logger: logger, recall: recall, auth: auth)
        }
        if configuration.convention == nil || GraphQLStage.isForced(configuration),
            let remembered = await GraphQLStage.remembered(
                configuration, documents: documents, logger: logger, recall: recall)
        {
            return remembered
        }
        if GraphQLStage.isForced(configuration) {
            return await GraphQLStage.apply(configuration, documents: documents, logger: logger, recall: recall)
        }
        let trail = UnknownService.Trail()
        if let found = await ConventionDetection.apply(
            configuration, documents: documents, logger: logger, recall: recall, trail: trail)
        {
            return found
        }
        let observer = reading?.observer { first in
            found(first, configuration: configuration, documents: documents, logger: logger)
        }
        var looked: DiscoveryMemory.Looked?
        if let location = configuration.openapi {
            outcome = await discovery.load(location, observer: observer ?? .init())
        } else {
            let found = await DiscoveryMemory.look(
                discovery, named: trail.namedDocuments, recall: recall, documents: documents,
                observer: observer ?? .init(), logger: logger)
            looked = found
            outcome = found.discovered.outcome
            attempts = found.discovered.attempts
        }
        let remembers = looked != nil
        if outcome.claimsNothing,
            let graphQL = await GraphQLStage.look(
                configuration, documents: documents, logger: logger, root: trail.rootAnswer, recall: recall)
        {
            return graphQL
        }
        switch outcome {
        case .none:
            let (unknown, isJSONServer) = await UnknownService.nothingFound(
                configuration, documents: documents, trail: trail, attempts: attempts, logger: logger,
                database: looked?.database, remembered: looked?.skipped?.lines)
            if remembers, let isJSONServer {
                await DiscoveryMemory.remember(
                    isJSONServer
                        ? RememberedDiscovery(.jsonServer)
                        : RememberedDiscovery(
                            .nothing, lines: unknown.catalog.notes, learnedAt: looked?.skipped?.learnedAt ?? Date()),
                    recall: recall)
            }
            return Applied(configuration: unknown)
        case .stopped:
            let source = configuration.openapi.map(OpenAPIDescription.sourceName) ?? "the OpenAPI document"
            logger.notice("openapi", metadata: ["stopped": "\(source)"])
            let unguessed = UnknownService.unguessed(configuration)
            return Applied(
                configuration: unguessed,
                warning: Texts.Start.readingStopped(source: source, fallback: fallback(unguessed)), stopped: true)
        case .problem(let line):
            if remembers { await DiscoveryMemory.remember(nil, recall: recall) }
            logger.warning("openapi", metadata: ["problem": "\(line)"])
            let unguessed = UnknownService.unguessed(configuration)
            return Applied(configuration: unguessed, warning: "\(line) — going on with \(fallback(unguessed))")
        case .found(let description):
            if remembers, let place = looked?.discovered.place {
                let jsonServer = description.catalog.resources.contains { $0.route?.paging == .jsonServer }
                await DiscoveryMemory.remember(
                    RememberedDiscovery(.document(place), jsonServer: jsonServer), recall: recall)
            }
            return found(description, configuration: configuration, documents: documents, logger: logger)
        }
    }

    /// What the configuration goes on with when no document gives its catalog.
    private static func fallback(_ configuration: AppConfiguration) -> String {
        switch configuration.catalog.source {
        case "config"?: "the config file's resources"
        case "catalog"?: "the built-in catalog"
        default: "what the service names itself"
        }
    }

    /// `configuration` with the catalog of `description`, a document read.
    private static func found(
        _ description: OpenAPIDescription, configuration: AppConfiguration, documents: DocumentFetcher?,
        logger: Logger
    ) -> Applied {
        var result = configuration
        result.catalog = merged(description.catalog, over: configuration)
        // A document of no json-server (`trestle serve`'s pages in `_page`): its `/db` is not asked.
        if !description.catalog.resources.isEmpty,
            !description.catalog.resources.contains(where: { $0.route?.paging == .jsonServer })
        {
            documents?.memory?.note(.openAPI)
        }
        result.catalog.opening = result.catalog.foundOpening
        logger.info(
            "openapi",
            metadata: [
                "source": "\(description.catalog.source ?? "")", "resources": "\(result.catalog.names)",
                // Read now, or kept from an earlier start (`CatalogDigests`).
                "taken": description.isKept ? "kept" : "read",
            ])
        if description.catalog.resources.isEmpty {
            // Found and not used: said in one line on the start screen's status line and in the log.
            let line = Texts.Start.documentUnused(
                url: description.catalog.source ?? "", reason: Texts.Start.unusedNoCollections)
            logger.warning("openapi", metadata: ["unused": "\(line)"])
            return Applied(configuration: UnknownService.unguessed(configuration), warning: line)
        }
        // Paths left out of the document (a `..` segment): each in the
        // log, the first on the status line.
        for line in description.warnings { logger.warning("openapi", metadata: ["skipped": "\(line)"]) }
        return Applied(configuration: result, warning: description.warnings.first, description: description)
    }

    /// The document's resources, merged with the configured catalog:
    /// - the config file's resources keep their description and come first;
    /// - the built-in JSONPlaceholder descriptions (unless `--catalog none`)
    ///   stand in for the document's collections of the same name that page
    ///   as json-server does (`_page`: `trestle serve`, json-server) and
    ///   have every top-level field the built-in one shows, in the built-in
    ///   order — a foreign `users`, or a json-server `posts` without
    ///   `userId`, keeps the document's description (the built-in typed
    ///   schema would refuse its records).
    static func merged(_ document: ResourceCatalog, over configuration: AppConfiguration) -> ResourceCatalog {
        let configured = configuration.catalog
        if configured.source == "config" {
            let extra = document.resources.filter { configured[$0.name] == nil }
            return ResourceCatalog(configured.resources + extra, source: document.source)
        }
        guard configuration.usesBuiltinCatalog else { return document }
        let standIns = configured.resources.filter { builtin in
            guard let described = document[builtin.name], described.route?.paging == .jsonServer else { return false }
            return hasFields(of: builtin, described)
        }
        let rest = document.resources.filter { resource in !standIns.contains { $0.name == resource.name } }
        return ResourceCatalog(standIns + rest, source: document.source)
    }

    /// Whether `described` (from the document) has every top-level field
    /// `builtin` shows as a column (`address.city` → `address`; a nested
    /// object the document does not list as a column is not asked for).
    private static func hasFields(of builtin: ResourceDescriptor, _ described: ResourceDescriptor) -> Bool {
        let known = Set(described.columns.map(\.field) + described.formFields.map(\.field))
        return builtin.columns.map(\.field).filter { !$0.contains(".") }.allSatisfy(known.contains)
    }
}
