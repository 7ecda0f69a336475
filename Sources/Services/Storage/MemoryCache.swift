import Foundation

/// What the cache holds, kept in memory: the contents of
/// ``InMemoryStorageService`` and of an ``OpeningStorage`` that holds a
/// run's first writes until the file opens. A value: changed in place
/// under whatever lock or actor owns it.
public struct MemoryCache: Sendable {
    private(set) var responses: [String: CachedResponse] = [:]
    private(set) var visits: [HistoryEntry] = []
    private(set) var dialects: [String: ServerDialect] = [:]
    private(set) var conventions: [String: RememberedConvention] = [:]
    private(set) var discoveries: [String: RememberedDiscovery] = [:]
    private(set) var requests: [StoredRequest] = []
    /// Saved list views by service, then collection, oldest first.
    private(set) var views: [String: [String: [SavedListView]]] = [:]
    /// Kept catalogs by service and document location (at most ``KeptCatalog/limit``).
    private(set) var catalogs: [CatalogKey: KeptCatalog] = [:]
    struct CatalogKey: Hashable, Sendable {
        var service: String
        var location: String
    }
    /// The `keeping` of the latest ``appendRequests(_:keeping:)``.
    private(set) var requestLimit = 0

    public init() {}

    public func cachedResponse(forKey key: String) -> CachedResponse? { responses[key] }

    public mutating func store(_ response: CachedResponse) { responses[response.key] = response }

    public mutating func removeResponse(forKey key: String) { responses[key] = nil }

    public mutating func invalidateResponses(withPrefix prefix: String) {
        for key in responses.keys where key.hasPrefix(prefix) {
            responses[key]?.etag = nil
            responses[key]?.lastModified = nil
        }
    }

    public mutating func recordVisit(_ entry: HistoryEntry) { visits.append(entry) }

    public func recentVisits(limit: Int) -> [HistoryEntry] { Array(visits.suffix(limit).reversed()) }

    public func serverDialect(forService service: String) -> ServerDialect? { dialects[service] }

    public mutating func rememberServerDialect(_ dialect: ServerDialect, forService service: String) {
        dialects[service] = dialect
    }

    public func rememberedConvention(forService service: String) -> RememberedConvention? { conventions[service] }

    public mutating func rememberConvention(_ remembered: RememberedConvention?, forService service: String) {
        conventions[service] = remembered
    }

    public func rememberedDiscovery(forService service: String) -> RememberedDiscovery? { discoveries[service] }

    public mutating func rememberDiscovery(_ remembered: RememberedDiscovery?, forService service: String) {
        discoveries[service] = remembered
    }

    public mutating func appendRequests(_ new: [StoredRequest], keeping limit: Int) {
        requestLimit = limit
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

    public func listViews(forService service: String, collection: String) -> [SavedListView] {
        (views[service]?[collection] ?? []).sorted { $0.name < $1.name }
    }

    public mutating func saveListView(_ view: SavedListView, forService service: String, collection: String) {
        var kept = views[service, default: [:]][collection, default: []]
        kept.removeAll { $0.name == view.name }
        kept.append(view.bounded)
        views[service, default: [:]][collection] = Array(kept.suffix(SavedListView.perCollection))
    }

    /// Writes everything held here into `storage` (which held nothing of
    /// it): afterwards `storage` answers as this does.
    public func keptCatalog(_ part: CatalogPart, forService service: String, location: String, fingerprint: String)
        -> Data?
    {
        guard let kept = catalogs[CatalogKey(service: service, location: location)], kept.fingerprint == fingerprint
        else { return nil }
        return part == .first ? kept.first : kept.whole
    }

    public mutating func keepCatalog(_ catalog: KeptCatalog, forService service: String, location: String) {
        let key = CatalogKey(service: service, location: location)
        if catalogs[key] == nil, catalogs.count >= KeptCatalog.limit, let any = catalogs.keys.first {
            catalogs[any] = nil
        }
        catalogs[key] = catalog
    }

    func copy(into storage: any StorageService) async {
        for (key, catalog) in catalogs {
            await storage.keepCatalog(catalog, forService: key.service, location: key.location)
        }
        for response in responses.values { await storage.store(response) }
        for (service, dialect) in dialects { await storage.rememberServerDialect(dialect, forService: service) }
        for (service, remembered) in conventions { await storage.rememberConvention(remembered, forService: service) }
        for (service, remembered) in discoveries { await storage.rememberDiscovery(remembered, forService: service) }
        for visit in visits { await storage.recordVisit(visit) }
        if !requests.isEmpty { await storage.appendRequests(requests, keeping: requestLimit) }
        for (service, collections) in views {
            for (collection, kept) in collections {
                for view in kept { await storage.saveListView(view, forService: service, collection: collection) }
            }
        }
    }
}
