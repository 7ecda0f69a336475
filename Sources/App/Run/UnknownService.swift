import Foundation
import JSON
import Logging
import OpenAPIServices
import Services
import Synchronization
import Translations

/// A service nobody described: the built-in catalog is JSONPlaceholder's,
/// so it is used for JSONPlaceholder itself, for a json-server (its `/db`
/// answers an object of collections, or its document is `trestle serve`'s)
/// and when `--catalog builtin` asks for it — never guessed for any other
/// service. Such a service opens on what discovery found; when nothing was
/// found, the start screen says, a line each, what was tried.
enum UnknownService {
    /// The start screen says at most this many places tried.
    static let maxLines = 6

    /// JSONPlaceholder's host: the production environment's default.
    static var jsonPlaceholderHost: String? {
        URL(string: AppEnvironment.production.defaultBaseURL)?.host?.lowercased()
    }

    /// Whether `configuration` would browse a live service through the
    /// built-in catalog without knowing it is JSONPlaceholder's kind.
    static func guesses(_ configuration: AppConfiguration) -> Bool {
        configuration.environment != .fake && !configuration.catalogNamed
            && configuration.catalog.source == "catalog" && configuration.openapi == nil
            && configuration.baseURL.host?.lowercased() != jsonPlaceholderHost
    }

    /// What the convention memory notes of a service in no convention
    /// Trestle knows, that is no json-server either.
    static let unknown = ConventionName("unknown")

    /// `configuration` without the guessed catalog: nothing listed yet, the start screen opens.
    static func unguessed(_ configuration: AppConfiguration) -> AppConfiguration {
        guard guesses(configuration) else { return configuration }
        var result = configuration
        result.catalog = ResourceCatalog([], source: nil, opening: .startScreen)
        return result
    }

    /// What the root answered, as detection noted it.
    final class Trail: Sendable {
        private let root = Mutex<RememberedConvention.Answer?>(nil)

        func note(root answer: RememberedConvention.Answer?) { root.withLock { $0 = answer } }
        var rootAnswer: RememberedConvention.Answer? { root.withLock { $0 } }

        /// The documents the root names: `Link: <…>; rel="service-desc"` or
        /// `rel="describedby"` (RFC 8631), then those a documentation page
        /// at the root names (Swagger UI, Redoc: ``DocsPage``).
        var namedDocuments: [URL] {
            guard let answer = rootAnswer else { return [] }
            let linked = ["service-desc", "describedby"].compactMap { answer.links[$0] }
            let page = answer.mediaType?.lowercased().contains("html") == true
            return linked + (page ? DocsPage.documents(in: answer.data, at: answer.url) : [])
        }
    }

    /// Nothing described the service: a json-server (`/db` answers an
    /// object, or answered one before and fails now) keeps the built-in catalog; any other service gets none, and
    /// the lines of what was tried (also in the log).
    /// - Parameters:
    ///   - database: `/db`'s answer, when it was read already.
    ///   - remembered: the lines of what an earlier start tried, when this one tried no place.
    /// - Returns: the configuration, and whether the service is a json-server (`nil`: not looked at).
    static func nothingFound(
        _ configuration: AppConfiguration, documents: DocumentFetcher?, trail: Trail,
        attempts: [OpenAPIDiscovery.Attempt], logger: Logger, database known: DocumentFetcher.Probe? = nil,
        remembered: [String]? = nil
    ) async -> (AppConfiguration, isJSONServer: Bool?) {
        guard guesses(configuration), let documents else { return (configuration, nil) }
        let database: DocumentFetcher.Probe
        if let known {
            database = known
        } else {
            database = await documents.probe("/db", scan: DatabasePrefix.scan)
        }
        if isDatabase(database) { return (configuration, true) }
        // Not a json-server: its `/db` is not asked again.
        documents.memory?.note(unknown)
        var result = unguessed(configuration)
        if let root = trail.rootAnswer?.answer, let named = JSONServerConvention().discover(namedByRoot: root) {
            // The root names them (nothing remembered: the next start reads the root again).
            result.catalog = ResourceCatalog(named.resources, source: Texts.Start.sourceRootNames)
            result.catalog.opening = result.catalog.foundOpening
            logger.info("discovery", metadata: ["root names": "\(named.resources.map(\.name))"])
            return (result, nil)
        }
        result.catalog.notes =
            remembered ?? lines(root: trail.rootAnswer, attempts: attempts, database: database)
        for line in result.catalog.notes { logger.notice("discovery", metadata: ["tried": "\(line)"]) }
        return (result, false)
    }

    /// Whether `/db` answered json-server's object of collections (now, or
    /// cached from before a failure): parsed whole, or, kept emptied (a
    /// database over a MiB), by its shape (``DatabasePrefix``).
    static func isDatabase(_ database: DocumentFetcher.Probe) -> Bool {
        guard let body = database.body ?? database.cached else { return false }
        if case .object(let object)? = try? JSONParser.parse(body) {
            return object.contains(where: { $0.value.arrayValue != nil })
        }
        return DatabasePrefix.members(of: body) != nil
    }

    /// The start screen's lines: the root, the places asked for a document
    /// grouped by what they answered, `/db`; at most ``maxLines``.
    static func lines(
        root: RememberedConvention.Answer?, attempts: [OpenAPIDiscovery.Attempt], database: DocumentFetcher.Probe
    ) -> [String] {
        var lines: [String] = []
        if let root { lines.append(Texts.Start.triedRoot(url: root.url.absoluteString, answer: unclaimed(root))) }
        var groups: [(answer: OpenAPIDiscovery.Attempt.Answer, urls: [String])] = []
        for attempt in attempts {
            if let at = groups.firstIndex(where: { $0.answer == attempt.answer }) {
                groups[at].urls.append(attempt.url)
            } else {
                groups.append((attempt.answer, [attempt.url]))
            }
        }
        for group in groups {
            let shown = group.urls.prefix(2).joined(separator: ", ") + (group.urls.count > 2 ? ", …" : "")
            lines.append(
                Texts.Start.triedDocuments(count: group.urls.count, places: shown, answer: words(group.answer)))
        }
        let databaseAnswer: OpenAPIDiscovery.Attempt.Answer =
            database.body != nil ? .notADocument : database.status.map { .status($0) } ?? .unanswered
        lines.append(
            Texts.Start.triedDatabase(
                url: database.url,
                answer: databaseAnswer == .notADocument ? Texts.Start.answerNotDatabase : words(databaseAnswer)))
        guard lines.count > maxLines else { return lines }
        return Array(lines.prefix(maxLines - 1)) + [Texts.Start.triedMore(count: lines.count - maxLines + 1)]
    }

    private static func unclaimed(_ root: RememberedConvention.Answer) -> String {
        Texts.Start.answerUnclaimed(status: root.status)
    }

    private static func words(_ answer: OpenAPIDiscovery.Attempt.Answer) -> String {
        switch answer {
        case .status(let status): Texts.Start.answerStatus(status: status)
        case .unanswered: Texts.Start.unusedUnanswered
        case .notADocument: Texts.Start.answerNotDocument
        }
    }
}
