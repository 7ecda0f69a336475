import Foundation

/// A response body kept for offline use and conditional revalidation.
public struct CachedResponse: Sendable, Equatable {
    /// What the response answered: the environment and the full request URL.
    public var key: String
    public var body: Data
    public var etag: String?
    public var lastModified: String?
    public var totalCount: Int?
    public var fetchedAt: Date

    public init(
        key: String, body: Data, etag: String? = nil, lastModified: String? = nil,
        totalCount: Int? = nil, fetchedAt: Date
    ) {
        self.key = key
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
        self.totalCount = totalCount
        self.fetchedAt = fetchedAt
    }
}

/// One place the user went: kept so that a later session can offer it again.
public struct HistoryEntry: Sendable, Equatable {
    public var path: String
    public var visitedAt: Date

    public init(path: String, visitedAt: Date) {
        self.path = path
        self.visitedAt = visitedAt
    }
}

/// Local persistence: the last good response per resource, and history.
///
/// Implementations never throw at callers: a storage failure must not stop
/// browsing, so they log it and answer as if nothing was stored.
public protocol StorageService: Sendable {
    func cachedResponse(forKey key: String) async -> CachedResponse?
    /// Keeps `response`; may return before it is on disk (later reads and
    /// writes see it all the same), ``flush()`` waits until it is.
    func store(_ response: CachedResponse) async
    func removeResponse(forKey key: String) async
    /// Drops the validators of every entry whose key starts with `prefix`, so
    /// that the next load fetches in full (after a write changed the data).
    func invalidateResponses(withPrefix prefix: String) async
    func recordVisit(_ entry: HistoryEntry) async
    func recentVisits(limit: Int) async -> [HistoryEntry]
    /// The query dialect learnt for a service (its cache namespace), if any.
    func serverDialect(forService service: String) async -> ServerDialect?
    /// Remembers the dialect a service answered in, for the next run.
    func rememberServerDialect(_ dialect: ServerDialect, forService service: String) async
    /// The convention remembered for a service (its cache namespace), if any.
    func rememberedConvention(forService service: String) async -> RememberedConvention?
    /// Remembers the convention a service was found in; `nil` forgets it.
    func rememberConvention(_ remembered: RememberedConvention?, forService service: String) async
    /// What discovery found of a service, kept for its next start (``RememberedDiscovery``).
    func rememberedDiscovery(forService service: String) async -> RememberedDiscovery?
    /// Remembers what discovery found of a service; `nil` forgets it.
    func rememberDiscovery(_ remembered: RememberedDiscovery?, forService service: String) async
    /// A part of the catalog kept for a service's document, when it was made
    /// from the document `fingerprint` names (``KeptCatalog``).
    func keptCatalog(_ part: CatalogPart, forService service: String, location: String, fingerprint: String)
        async -> Data?
    /// Keeps the catalog digested from a service's document, for its next start.
    func keepCatalog(_ catalog: KeptCatalog, forService service: String, location: String) async
    /// Adds requests to the history, keeping the newest `limit` of each namespace.
    func appendRequests(_ requests: [StoredRequest], keeping limit: Int) async
    /// The newest `limit` requests of `namespace`, newest first.
    func recentRequests(namespace: String, limit: Int) async -> [StoredRequest]
    /// Waits until every write asked for so far is done (the end of a run).
    func flush() async
    /// The views saved for `collection` of a service (its cache namespace), by name.
    func listViews(forService service: String, collection: String) async -> [SavedListView]
    /// Keeps `view` under its name (replacing one of that name); the oldest
    /// go beyond ``SavedListView/perCollection``.
    func saveListView(_ view: SavedListView, forService service: String, collection: String) async
}

extension StorageService {
    public func flush() async {}
}
