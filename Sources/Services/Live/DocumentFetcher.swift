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
        let url: URL
        if let absolute = URL(string: location), absolute.scheme != nil {
            url = absolute
        } else {
            var base = baseURL.absoluteString
            while base.hasSuffix("/") { base.removeLast() }
            guard let joined = URL(string: base + (location.hasPrefix("/") ? "" : "/") + location) else { return nil }
            url = joined
        }
        let request = Networking.request(.get, url) |> withHeader("Accept", "application/json, application/yaml")
        do {
            return try await store.load(request).body
        } catch {
            switch error {
            case .status, .redirectedAway, .decoding, .invalidURL, .cancelled: return nil
            default: return await store.cached(request)?.body
            }
        }
    }
}
