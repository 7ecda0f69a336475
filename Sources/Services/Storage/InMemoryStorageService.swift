import Foundation

/// Storage in memory, for tests and for when the cache database cannot open.
public actor InMemoryStorageService: StorageService {
    private var responses: [String: CachedResponse] = [:]
    private var visits: [HistoryEntry] = []
    private var dialects: [String: ServerDialect] = [:]
    private var requests: [StoredRequest] = []

    public init() {}

    public func cachedResponse(forKey key: String) -> CachedResponse? { responses[key] }

    public func store(_ response: CachedResponse) { responses[response.key] = response }

    public func removeResponse(forKey key: String) { responses[key] = nil }

    public func invalidateResponses(withPrefix prefix: String) {
        for key in responses.keys where key.hasPrefix(prefix) {
            responses[key]?.etag = nil
            responses[key]?.lastModified = nil
        }
    }

    public func recordVisit(_ entry: HistoryEntry) { visits.append(entry) }

    public func recentVisits(limit: Int) -> [HistoryEntry] { Array(visits.suffix(limit).reversed()) }

    public func serverDialect(forService service: String) -> ServerDialect? { dialects[service] }

    public func rememberServerDialect(_ dialect: ServerDialect, forService service: String) {
        dialects[service] = dialect
    }

    public func appendRequests(_ new: [StoredRequest], keeping limit: Int) {
        requests += new
        for namespace in Set(new.map(\.namespace)) {
            let excess = requests.filter { $0.namespace == namespace }.count - limit
            guard excess > 0 else { continue }
            var dropped = 0
            requests.removeAll { request in
                guard dropped < excess, request.namespace == namespace else { return false }
                dropped += 1
                return true
            }
        }
    }

    public func recentRequests(namespace: String, limit: Int) -> [StoredRequest] {
        Array(requests.filter { $0.namespace == namespace }.suffix(limit).reversed())
    }
}
