import Logging
import OpenAPIServices
import Services

extension AppRoot {
    /// What ``prepare(options:environment:prefetch:)`` has before the
    /// service's OpenAPI document is in: everything, with the configured
    /// catalog, and the look for the document under way.
    struct Staged: Sendable {
        /// Ready but for the document: the configured (or built-in) catalog.
        var prepared: Prepared
        /// The look for the service's document, and the services built for
        /// what it found; `nil` when none is asked for.
        let discovery: Task<Described, Never>?
        /// The first screen's list, loading while the document is looked for:
        /// `true` once it has its rows; `nil` when nothing was prefetched.
        let firstList: Task<Bool, Never>?
        /// The cache, still holding a first run's writes when staged with `opensCacheLater`.
        let cache: OpeningStorage
        /// How far the reading of the document has come, its first collections; `nil` when none is asked for.
        var reading: DocumentReading? = nil
        /// The catalog is the one the cache remembers of the service's
        /// convention: shown at once, while the root is asked again.
        var recalled = false
        /// The launch target's list, asked before discovery ends (``AppRoot/GuessedFirst``).
        var guessed: GuessedFirst? = nil
        /// The stages run to make this, in order (``AppRoot/Stage``).
        var stages: [Stage] = []

        /// The cache every service of the run shares, and its failures.
        struct SharedCache: Sendable {
            let cache: OpeningStorage
            let failures: StorageFailureReport
        }

        /// This start's cache, for the next service's start (``AppRoot/stage(options:environment:prefetch:firstFrame:opensCacheLater:headStart:sharing:)``).
        var sharedCache: SharedCache { SharedCache(cache: cache, failures: prepared.storageFailures) }

        /// `prepared` once the document is in: its catalog, its warning, its
        /// operations, and the services built for the auth it names.
        func described() async -> Prepared {
            await describedOrStopped().prepared
        }

        /// ``described()``, and whether the reading of the document was stopped (Esc).
        func describedOrStopped() async -> (prepared: Prepared, stopped: Bool) {
            guard let discovery else { return (prepared, false) }
            let described = await discovery.value
            return (prepared.described(by: described), described.applied.stopped)
        }
    }

    /// The stage after discovery: what the look for the service's
    /// description found, and the services built for it.
    struct Described: Sendable {
        var applied: OpenAPIStage.Applied
        var services: ServiceContainer
    }

    /// Discovery's stage: `configuration`'s description looked for, then
    /// the services built again from it when it changes them (its auth).
    static func discover(
        _ configuration: AppConfiguration, services built: ServiceContainer, builder: any ServiceBuilder,
        logger: Logger, reading: DocumentReading?, recall: ConventionRecall?
    ) async -> Described {
        let digests = CatalogDigests(storage: built.storage, service: ConventionRecall.service(of: configuration)) {
            location, collections, bytes in
            logger.info(
                "openapi catalog kept",
                metadata: ["location": "\(location)", "collections": "\(collections)", "bytes": "\(bytes)"])
        }
        let applied = await OpenAPIStage.apply(
            configuration, documents: built.documents, logger: logger, reading: reading, recall: recall,
            digests: digests, auth: built.grounds?.auth?.session)
        var description = ServiceDescription(applied.description)
        description.graphQL = applied.graphQL
        description.grpc = applied.grpc
        let services = await services(built, for: description, builder: builder, logger: logger)
        return Described(applied: applied, services: services)
    }

    /// The services for `description`: `built` when they were built for
    /// it already, else `builder`'s anew on the same grounds (one that
    /// fails keeps `built`, said in the log).
    static func services(
        _ built: ServiceContainer, for description: ServiceDescription, builder: any ServiceBuilder, logger: Logger
    ) async -> ServiceContainer {
        guard description != built.description else { return built }
        do {
            return try await builder.rebuild(built, for: description, logger: logger)
        } catch {
            logger.warning("services not rebuilt for the description", metadata: ["error": "\(error)"])
            return built
        }
    }
}

extension AppRoot.Prepared {
    /// These, with what discovery found: its catalog (in the
    /// configuration), its warning, its operations, and its services.
    func described(by described: AppRoot.Described) -> AppRoot.Prepared {
        var result = self
        result.configuration = described.applied.configuration
        if let warning = described.applied.warning { result.warnings.append(warning) }
        result.services = described.services
        if let operations = described.applied.description?.operations { result.operations.put(operations) }
        if let graphQL = described.applied.graphQL { result.operations.put(graphQL.catalog.operations) }
        if let grpc = described.applied.grpc { result.operations.put(grpc.catalog.operations) }
        return result
    }
}
