import Foundation
import Services

/// Finds a service's OpenAPI document: at a location given (a file, a URL,
/// a path under the base URL), or at the conventional paths, asked in parallel.
public struct OpenAPIDiscovery: Sendable {
    /// Where frameworks publish their document: FastAPI, YAML-first
    /// services, Spring (springdoc), Swagger-era services.
    public static let conventionalPaths = ["/openapi.json", "/openapi.yaml", "/v3/api-docs", "/swagger.json"]

    let fetcher: DocumentFetcher?
    /// Where the descriptions of documents read before are kept; `nil`: every start reads the document.
    let digests: CatalogDigests?

    public init(fetcher: DocumentFetcher?, digests: CatalogDigests? = nil) {
        self.fetcher = fetcher
        self.digests = digests
    }

    /// The outcome: a description, a problem to say in one line, nothing
    /// found, or the reading stopped (its task cancelled) before the end.
    public enum Outcome: Sendable {
        case found(OpenAPIDescription)
        case problem(String)
        case none
        case stopped
    }

    /// Reads the document at `location`: an existing file, else a URL or a
    /// path under the base URL; `observer` hears how far the reading has come.
    public func load(_ location: String, observer: OpenAPIReadObserver = .init()) async -> Outcome {
        let data: Data?
        let source: String
        if FileManager.default.fileExists(atPath: location) {
            source = location
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: location))
            } catch {
                return .problem("OpenAPI document \(location) cannot be read (\(error.localizedDescription))")
            }
        } else {
            source = absolute(location)
            data = await fetcher?.fetch(location)
        }
        guard let data else { return .problem("OpenAPI document \(source) not found") }
        return await read(data, location: source, observer: observer)
    }

    /// The outcome of reading `data`, a document from `location`, its
    /// paths asked below the base URL: the description kept from an earlier
    /// start when the document is the same (its first collections told
    /// first), else the document read and its description kept.
    private func read(_ data: Data, location: String, observer: OpenAPIReadObserver) async -> Outcome {
        let base = fetcher?.baseURL
        guard let digests else { return Self.read(data, location: location, observer: observer, base: base) }
        let fingerprint = CatalogDigests.fingerprint(data, base: base)
        if let first = await digests.kept(.first, location: location, fingerprint: fingerprint) {
            if first.catalog.resources.count >= observer.firstCount, !first.catalog.resources.isEmpty {
                observer.firstCollections(first)
            }
            if let whole = await digests.kept(.whole, location: location, fingerprint: fingerprint) {
                return .found(whole)
            }
        }
        let outcome = Self.read(data, location: location, observer: observer, base: base)
        if case .found(let description) = outcome {
            // Encoded and written behind: the catalog is on screen meanwhile.
            let firstCount = observer.firstCount
            Task.detached(priority: .utility) {
                await digests.keep(description, firstCount: firstCount, location: location, fingerprint: fingerprint)
            }
        }
        return outcome
    }

    /// The outcome of reading `data`, a document from `location`, its
    /// paths asked below `base`.
    private static func read(_ data: Data, location: String, observer: OpenAPIReadObserver, base: URL?) -> Outcome {
        do {
            return .found(try OpenAPIDescription.read(data, location: location, observer: observer, base: base))
        } catch {
            return error.isStopped ? .stopped : .problem(error.description)
        }
    }

    /// Where frameworks publish their document, asked relative to the
    /// base URL and then to the origin: FastAPI and Django Ninja
    /// (`openapi.json`), YAML-first services, NestJS (`openapi`),
    /// drf-spectacular (`schema/`, `api/schema/`), Swagger-era services and
    /// Flask-RESTX (`swagger.json`), express (`api-docs`), springdoc
    /// (`v3/api-docs`), and the API explorers.
    public static let publishedPaths = [
        "openapi.json", "openapi.yaml", "openapi", "schema/", "schema/openapi.json", "api/schema/", "swagger.json",
        "api-docs", "v3/api-docs", "docs/openapi.json", "api-explorer/swagger.json",
    ]
    /// At most this many places are asked for a document (with the root,
    /// its redirect and `/db`, the start asks at most 24).
    public static let maxPlaces = 21
    /// The places not answered this long after the first answer are passed over.
    public static let deadline: Duration = .seconds(3)

    /// One place asked for a document, and what it gave (the start screen
    /// says them when nothing was found).
    public struct Attempt: Sendable, Equatable {
        public enum Answer: Sendable, Equatable {
            /// An error status.
            case status(Int)
            /// No answer (or not within ``OpenAPIDiscovery/deadline``).
            case unanswered
            /// A body that is no OpenAPI or Swagger document.
            case notADocument
        }

        public let url: String
        public let answer: Answer
    }

    /// The places asked, in order, each once: `named` first (what the
    /// service's root names: `Link: rel="service-desc"` or `describedby`,
    /// RFC 8631), then ``publishedPaths`` under the base URL, then under the
    /// origin (when the base URL has a path); at most ``maxPlaces``.
    public func places(named: [URL] = []) -> [String] {
        guard let base = fetcher?.baseURL else { return [] }
        var result: [String] = []
        var seen: Set<String> = []
        func add(_ url: URL?) {
            guard let url, result.count < Self.maxPlaces, seen.insert(url.absoluteString).inserted else { return }
            result.append(url.absoluteString)
        }
        for url in named { add(url) }
        let directory = base.absoluteString.hasSuffix("/") ? base : URL(string: base.absoluteString + "/")
        // (`api/schema/` is not asked under a base URL that ends in `/api`.)
        let last = base.path.split(separator: "/").last.map(String.init)
        for path in Self.publishedPaths where path.split(separator: "/").first.map(String.init) != last {
            add(directory.flatMap { URL(string: path, relativeTo: $0)?.absoluteURL })
        }
        for path in Self.publishedPaths { add(URL(string: "/" + path, relativeTo: base)?.absoluteURL) }
        return result
    }

    /// What ``discover(named:observer:)`` found, and each place it asked
    /// that held no document.
    public struct Discovered: Sendable {
        public var outcome: Outcome
        public var attempts: [Attempt]
        /// The place that held the document read (for the next start to ask first).
        public var place: URL? = nil

        public init(outcome: Outcome, attempts: [Attempt], place: URL? = nil) {
            self.outcome = outcome
            self.attempts = attempts
            self.place = place
        }
    }

    /// Asks ``places(named:)`` at once, within ``deadline`` of the first
    /// answer; the first (in
    /// their order) that holds an OpenAPI document wins. A place answering
    /// something that is not one (an HTML page, JSON of another kind) is
    /// passed over silently, but for a JSON array: where a document should
    /// be, that is said in a line when no other place holds one.
    public func discover(named: [URL] = [], observer: OpenAPIReadObserver = .init()) async -> Discovered {
        await discover(places: places(named: named), observer: observer)
    }

    /// Asks `places` (absolute URLs) at once, as ``discover(named:observer:)``
    /// does: the remembered place of an earlier start alone, for one.
    public func discover(places: [String], observer: OpenAPIReadObserver = .init()) async -> Discovered {
        guard let fetcher else { return Discovered(outcome: .none, attempts: []) }
        let places = Array(places.prefix(Self.maxPlaces))
        let probes = await withTaskGroup(of: (Int, DocumentFetcher.Probe?).self) { group in
            for (index, place) in places.enumerated() {
                group.addTask { (index, await fetcher.probe(place)) }
            }
            var found = [DocumentFetcher.Probe?](repeating: nil, count: places.count)
            var left = places.count
            while left > 0, let (index, probe) = await group.next() {
                guard index >= 0 else { break }
                if left == places.count {
                    // The deadline runs from the first answer: a server slow
                    // to answer at all (a loaded machine) is waited for as
                    // long as its requests' own timeout.
                    group.addTask {
                        try? await Task.sleep(for: Self.deadline)
                        return (-1, nil)
                    }
                }
                found[index] = probe
                left -= 1
            }
            group.cancelAll()
            return found
        }
        var notADocument: String?
        var attempts: [Attempt] = []
        for (place, probe) in zip(places, probes) {
            // A failing server (5xx) has not said it has none: the cached document stands.
            guard let body = probe?.body ?? probe?.cached else {
                attempts.append(Attempt(url: place, answer: probe?.status.map(Attempt.Answer.status) ?? .unanswered))
                continue
            }
            guard Self.looksLikeOpenAPI(body) else {
                attempts.append(Attempt(url: place, answer: .notADocument))
                if notADocument == nil, Self.isJSONArray(body) {
                    notADocument = Self.problem(reading: body, location: place)
                }
                continue
            }
            return Discovered(
                outcome: await read(body, location: place, observer: observer),
                attempts: attempts, place: URL(string: place))
        }
        return Discovered(outcome: notADocument.map(Outcome.problem) ?? .none, attempts: attempts)
    }

    /// Whether `body` is a JSON array (its first byte but blanks is `[`).
    static func isJSONArray(_ body: Data) -> Bool {
        body.first { !" \t\r\n".utf8.contains($0) } == UInt8(ascii: "[")
    }

    /// The line reading `body` gives, if it fails.
    private static func problem(reading body: Data, location: String) -> String? {
        do {
            _ = try OpenAPIDocumentReader.read(body, source: location)
            return nil
        } catch {
            return error.description
        }
    }

    private func absolute(_ location: String) -> String {
        if let url = URL(string: location), url.scheme != nil { return location }
        guard let base = fetcher?.baseURL.absoluteString else { return location }
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + location
    }

    /// Whether `body` names an OpenAPI or Swagger version near its start.
    static func looksLikeOpenAPI(_ body: Data) -> Bool {
        let head = String(decoding: body.prefix(4096), as: UTF8.self)
        return head.contains("\"openapi\"") || head.contains("openapi:") || head.contains("\"swagger\"")
            || head.contains("swagger:")
    }
}
