import Foundation

/// Storage in memory, for tests and for when the cache database cannot open.
public actor InMemoryStorageService: StorageService {
    private var responses: [String: CachedResponse] = [:]
    private var visits: [HistoryEntry] = []
    private var dialects: [String: ServerDialect] = [:]

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
}
