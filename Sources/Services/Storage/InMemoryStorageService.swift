import Foundation

/// Storage in memory, for tests and for when the cache database cannot open.
public actor InMemoryStorageService: StorageService {
    private var cache = MemoryCache()

    public init() {}

    public func cachedResponse(forKey key: String) -> CachedResponse? { cache.cachedResponse(forKey: key) }

    public func store(_ response: CachedResponse) { cache.store(response) }

    public func removeResponse(forKey key: String) { cache.removeResponse(forKey: key) }

    public func invalidateResponses(withPrefix prefix: String) { cache.invalidateResponses(withPrefix: prefix) }

    public func recordVisit(_ entry: HistoryEntry) { cache.recordVisit(entry) }

    public func recentVisits(limit: Int) -> [HistoryEntry] { cache.recentVisits(limit: limit) }

    public func serverDialect(forService service: String) -> ServerDialect? { cache.serverDialect(forService: service) }

    public func rememberServerDialect(_ dialect: ServerDialect, forService service: String) {
        cache.rememberServerDialect(dialect, forService: service)
    }

    public func rememberedConvention(forService service: String) -> RememberedConvention? {
        cache.rememberedConvention(forService: service)
    }

    public func rememberConvention(_ remembered: RememberedConvention?, forService service: String) {
        cache.rememberConvention(remembered, forService: service)
    }

    public func rememberedDiscovery(forService service: String) -> RememberedDiscovery? {
        cache.rememberedDiscovery(forService: service)
    }

    public func rememberDiscovery(_ remembered: RememberedDiscovery?, forService service: String) {
        cache.rememberDiscovery(remembered, forService: service)
    }

    public func keptCatalog(_ part: CatalogPart, forService service: String, location: String, fingerprint: String)
        -> Data?
    {
        cache.keptCatalog(part, forService: service, location: location, fingerprint: fingerprint)
    }

    public func keepCatalog(_ catalog: KeptCatalog, forService service: String, location: String) {
        cache.keepCatalog(catalog, forService: service, location: location)
    }

    public func appendRequests(_ new: [StoredRequest], keeping limit: Int) {
        cache.appendRequests(new, keeping: limit)
    }

    public func recentRequests(namespace: String, limit: Int) -> [StoredRequest] {
        cache.recentRequests(namespace: namespace, limit: limit)
    }

    public func listViews(forService service: String, collection: String) -> [SavedListView] {
        cache.listViews(forService: service, collection: collection)
    }

    public func saveListView(_ view: SavedListView, forService service: String, collection: String) {
        cache.saveListView(view, forService: service, collection: collection)
    }
}
