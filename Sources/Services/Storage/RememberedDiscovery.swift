import Foundation

/// What the look for a service's description found, kept in the cache for
/// the service's next start (table `discovery`, keyed like the remembered
/// convention): the place that held its document, or that it is a
/// json-server (its `/db`), a GraphQL endpoint, a gRPC service, or that nothing was found. The next start asks
/// the remembered place first (through the response cache, which keeps the
/// document's `ETag` and sends it in `If-None-Match`) instead of every place.
public struct RememberedDiscovery: Sendable, Equatable, Codable {
    public enum Outcome: Sendable, Equatable, Codable {
        /// The document was at this URL.
        case document(URL)
        /// No document, and `/db` answered an object of collections.
        case jsonServer
        /// Nothing was found; `lines` say what was tried.
        case nothing
        /// A GraphQL service answered the introspection query at this
        /// endpoint: the next start asks it alone, before any convention or
        /// document (its answer is kept beside, for a start offline).
        case graphQL(URL)
        /// A gRPC service answered server reflection at this target
        /// (`grpc://host:port`): what it told is kept beside, and the next
        /// start begins from it when the server does not answer.
        case grpc(URL)
    }

    public var outcome: Outcome
    /// The service is a json-server (`/db`, or a document that pages as
    /// json-server does: `trestle serve`'s): the next start opens on the
    /// built-in catalog at once, while discovery asks again.
    public var jsonServer: Bool
    /// When nothing was found: the start screen's lines of what was tried.
    public var lines: [String]
    public var learnedAt: Date

    /// A memory of nothing found is trusted this long; after it the
    /// places are asked again (a service may publish a document since).
    public static let nothingLasts: TimeInterval = 24 * 60 * 60

    public init(_ outcome: Outcome, jsonServer: Bool = false, lines: [String] = [], learnedAt: Date = Date()) {
        self.outcome = outcome
        self.jsonServer = jsonServer || outcome == .jsonServer
        self.lines = Array(lines.prefix(16))
        self.learnedAt = learnedAt
    }

    /// Whether the memory is still to be trusted at `now`.
    public func isFresh(at now: Date = Date()) -> Bool {
        guard outcome == .nothing else { return true }
        return now.timeIntervalSince(learnedAt) < Self.nothingLasts
    }

    /// The kept form as stored in the cache (JSON), and back.
    public func encoded() -> Data? { try? JSONEncoder().encode(self) }

    public static func decoded(_ data: Data) -> RememberedDiscovery? {
        try? JSONDecoder().decode(RememberedDiscovery.self, from: data)
    }
}

/// What discovery found of a service, kept for its next start. A storage
/// that keeps nothing of it answers `nil`, and the start looks everywhere.
extension StorageService {
    /// What discovery found of a service (its cache namespace), if remembered.
    public func rememberedDiscovery(forService service: String) async -> RememberedDiscovery? { nil }

    /// Remembers what discovery found of a service; `nil` forgets it.
    public func rememberDiscovery(_ remembered: RememberedDiscovery?, forService service: String) async {}
}
