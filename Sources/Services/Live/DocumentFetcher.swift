import Foundation
import Networking

/// Fetches a service's description documents (its OpenAPI document) through
/// the same network client and cache as its records: sent again with the
/// stored ETag, answered from the cache when the server cannot be reached.
public struct DocumentFetcher: Sendable {
    public let baseURL: URL
    private let store: ResourceStore
    /// The client convention detection asks the root with (no retries), if given.
    public let network: NetworkClient?
    /// Where the convention found is noted for the live service.
    public let memory: ConventionMemory?

    /// - Parameter store: the cache of the service's answers; give it a
    ///   network client that does not retry, so that a server without a
    ///   document (or down) costs one request per path.
    public init(baseURL: URL, store: ResourceStore, network: NetworkClient? = nil, memory: ConventionMemory? = nil) {
        self.baseURL = baseURL
        self.store = store
        self.network = network
        self.memory = memory
    }

    /// The body at `location`: a path under the base URL (`/openapi.json`)
    /// or an absolute URL; `nil` when the server has none there (an error
    /// status, or unreachable with nothing cached).
    public func fetch(_ location: String) async -> Data? {
        await probe(location).body
    }

    /// What one look at a place for a document gave: its URL, the body (as
    /// ``fetch(_:)`` gives it) and the error status, if one answered.
    public struct Probe: Sendable {
        public let url: String
        public let body: Data?
        /// The HTTP status of an error answer; `nil` with a body, or with no answer.
        public let status: Int?
        /// What the cache holds from an earlier answer, when the server
        /// failed (a 5xx): a failing server has not said it has none.
        public var cached: Data? = nil
    }

    /// ``fetch(_:)``, saying what answered; with `scan`, the body is what
    /// its scanner keeps (json-server's `/db`: ``DatabasePrefix/scan``).
    public func probe(_ location: String, scan: BodyScan? = nil) async -> Probe {
        let url: URL
        if let absolute = URL(string: location), absolute.scheme != nil {
            url = absolute
        } else {
            var base = baseURL.absoluteString
            while base.hasSuffix("/") { base.removeLast() }
            guard let joined = URL(string: base + (location.hasPrefix("/") ? "" : "/") + location) else {
                return Probe(url: location, body: nil, status: nil)
            }
            url = joined
        }
        var request = Networking.request(.get, url) |> withHeader("Accept", "application/json, application/yaml")
        if let scan { request = request |> withBodyScan(scan) }
        do {
            return Probe(url: url.absoluteString, body: try await store.load(request).body, status: nil)
        } catch {
            switch error {
            case .status(let code, _) where code >= 500:
                let cached = await store.cached(request)?.body
                return Probe(url: url.absoluteString, body: nil, status: code, cached: cached)
            case .status(let code, _): return Probe(url: url.absoluteString, body: nil, status: code)
            case .redirectedAway, .decoding, .invalidURL, .cancelled:
                return Probe(url: url.absoluteString, body: nil, status: nil)
            default: return Probe(url: url.absoluteString, body: await store.cached(request)?.body, status: nil)
            }
        }
    }
}
