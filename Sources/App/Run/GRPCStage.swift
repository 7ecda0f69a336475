import Foundation
import GRPCServices
import Logging
import Modules
import Networking
import Services
import Translations

/// The gRPC backend's place in discovery: a `grpc://` or `grpcs://` base
/// URL (or `--convention grpc`) is read through server reflection
/// (``GRPCDiscovery``) and nothing else is asked. What it finds is the
/// catalog (one collection per `List*` method) and, through
/// ``OpenAPIStage/Applied/grpc``, the services' backend.
enum GRPCStage {
    /// Whether the base URL is a gRPC one or `--convention grpc` forces it.
    static func claims(_ configuration: AppConfiguration) -> Bool {
        GRPCTarget.isGRPC(configuration.baseURL)
            || configuration.convention.map(ConventionName.init(rawValue:)) == GRPCAPIService.convention
    }

    /// The service's reflection, or a warning saying why there is none.
    /// What reflection told is kept in the cache (``remember(_:recall:)``);
    /// when the server does not answer (unreachable, past the deadline), a
    /// start begins from what an earlier one kept (``remembered(_:recall:)``).
    /// - Parameter auth: the configured credential, sent with every reflection call.
    static func apply(
        _ configuration: AppConfiguration, logger: Logger, recall: ConventionRecall? = nil, auth: AuthSession? = nil
    ) async -> OpenAPIStage.Applied {
        let url = configuration.baseURL.absoluteString
        guard configuration.environment != .fake else { return OpenAPIStage.Applied(configuration: configuration) }
        guard let target = target(of: configuration) else {
            return OpenAPIStage.Applied(
                configuration: UnknownService.unguessed(configuration),
                warning: Texts.Start.noGRPC(url: url, reason: "grpc://host:port or grpcs://host:port"))
        }
        let found: GRPCDiscovery.Found
        do throws(GRPCError) {
            found = try await GRPCDiscovery.discover(target, session: auth)
            await remember(found, recall: recall)
        } catch {
            logger.warning("grpc", metadata: ["target": "\(target.authority)", "error": "\(error)"])
            if Self.isUnanswered(error), let kept = await remembered(target, recall: recall) {
                logger.notice("discovery", metadata: ["remembered": "grpc \(target.authority), unanswered"])
                return applied(kept, configuration: configuration, logger: logger)
            }
            return OpenAPIStage.Applied(
                configuration: UnknownService.unguessed(configuration),
                warning: Texts.Start.noGRPC(url: url, reason: words(error)))
        }
        return applied(found, configuration: configuration, logger: logger)
    }

    /// `configuration` browsing the service `found`.
    static func applied(_ found: GRPCDiscovery.Found, configuration: AppConfiguration, logger: Logger)
        -> OpenAPIStage.Applied
    {
        let url = configuration.baseURL.absoluteString
        let target = found.target
        var result = configuration
        result.catalog = ResourceCatalog(found.catalog.descriptors, source: Texts.GRPC.source(target: url))
        result.catalog.opening = result.catalog.foundOpening
        logger.info(
            "grpc",
            metadata: [
                "target": "\(target.authority)", "reflection": "\(found.catalog.reflection)",
                "services": "\(found.catalog.services)", "resources": "\(result.catalog.names)",
                "operations": "\(found.catalog.operationMethods.count)",
            ])
        return OpenAPIStage.Applied(configuration: result, grpc: found)
    }

    /// The target of the base URL: itself when `grpc://`/`grpcs://`; an
    /// `http://` one forced by `--convention grpc` as plaintext, `https://` as TLS.
    static func target(of configuration: AppConfiguration) -> GRPCTarget? {
        let base = configuration.baseURL
        if let target = GRPCTarget(base, transport: configuration.transport) { return target }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        components.scheme = components.scheme?.lowercased() == "https" ? "grpcs" : "grpc"
        return components.url.flatMap { GRPCTarget($0, transport: configuration.transport) }
    }

    /// A gRPC failure in the user's language.
    static func words(_ error: GRPCError) -> String {
        switch error {
        case .status(let code, let message): Texts.GRPC.status(code: code, message: message)
        case .unreachable(let reason): Texts.GRPC.unreachable(reason: reason)
        case .timedOut(let seconds): Texts.GRPC.timedOut(seconds: String(format: "%g", seconds))
        case .noReflection(let reason): Texts.GRPC.noReflection(reason: reason)
        case .unknown(let name): Texts.GRPC.unknown(name: name)
        case .tooManyPages(let count): Texts.GRPC.tooManyPages(count: count)
        case .noGetMethod(let name): Texts.GRPC.noGetMethod(name: name)
        case .writeByMethod: Texts.GRPC.writeByMethod
        case .codec(let problem): words(problem)
        case .credential(let failure): failure.userMessage
        }
    }

    static func words(_ problem: ProtoCodecError) -> String {
        switch problem {
        case .tooLarge(let bytes, let limit): Texts.GRPC.codecTooLarge(bytes: bytes, limit: limit)
        case .tooDeep(let depth): Texts.GRPC.codecTooDeep(depth: depth)
        case .tooManyValues(let count): Texts.GRPC.codecTooMany(count: count)
        case .truncated: Texts.GRPC.codecTruncated
        case .malformed(let detail): Texts.GRPC.codecMalformed(detail: detail)
        case .unknownType(let name): Texts.GRPC.codecUnknownType(name: name)
        case .badValue(let field, let value): Texts.GRPC.codecBadValue(field: field, value: value)
        }
    }
}

/// What reflection found of a gRPC service, remembered per service
/// (`RememberedDiscovery.Outcome.grpc`, the reflected files kept beside in
/// the cache, ``GRPCKeptReflection``): every start asks reflection again
/// under the same deadline, and one whose server does not answer begins
/// from what was kept — its lists then shown from the cache, marked so.
extension GRPCStage {
    /// Whether `error` says the server did not answer (rather than answered no).
    static func isUnanswered(_ error: GRPCError) -> Bool {
        switch error {
        case .unreachable, .timedOut: true
        default: false
        }
    }

    /// Keeps `found` for the next start: the target, and what reflection told.
    static func remember(_ found: GRPCDiscovery.Found, recall: ConventionRecall?) async {
        guard let recall, !found.kept.isEmpty, let url = url(of: found.target) else { return }
        await DiscoveryMemory.remember(RememberedDiscovery(.grpc(url)), recall: recall)
        await recall.storage.store(
            CachedResponse(key: reflectionKey(recall.service, url), body: found.kept, fetchedAt: Date()))
    }

    /// What an earlier start kept of the service at `target`, if anything.
    static func remembered(_ target: GRPCTarget, recall: ConventionRecall?) async -> GRPCDiscovery.Found? {
        guard let recall, case .grpc(let url)? = recall.discovered?.outcome, url == Self.url(of: target),
            let kept = await recall.storage.cachedResponse(forKey: reflectionKey(recall.service, url))
        else { return nil }
        return GRPCDiscovery.read(kept.body, target: target)
    }

    /// `grpc://host:port` (`grpcs://` with TLS): the remembered target.
    static func url(of target: GRPCTarget) -> URL? {
        URL(string: "\(target.usesTLS ? "grpcs" : "grpc")://\(target.authority)")
    }

    /// Where what reflection told is kept in the cache.
    static func reflectionKey(_ service: String, _ target: URL) -> String {
        "\(service)|grpc-reflection|\(target.absoluteString)"
    }
}
