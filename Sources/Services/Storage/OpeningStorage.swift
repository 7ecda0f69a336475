import Synchronization

/// The cache while it is still being opened, so that the start does not wait
/// for it: the first request goes out while SQLite opens the file (and, on a
/// first run, creates its schema) on another thread.
///
/// Every call waits for the opened storage and goes to it, with one
/// exception that needs no waiting: when there was no cache file before
/// this run (`startsEmpty`), reads made before the run's first write are
/// answered at once with what an empty cache holds — nothing. After the
/// first write (or with an existing file) reads wait for the open, so a
/// read always sees the run's earlier writes.
public final class OpeningStorage: StorageService {
    private let opened: Task<any StorageService, Never>
    /// Still true while the cache is known to be empty: no file before this run, nothing written yet.
    private let knownEmpty: Atomic<Bool>

    /// - Parameters:
    ///   - startsEmpty: no cache file existed when the open began.
    ///   - opened: the open under way; its value is the storage to use
    ///     (the SQLite file, or what stands in when it cannot open).
    public init(startsEmpty: Bool, opened: Task<any StorageService, Never>) {
        self.opened = opened
        knownEmpty = Atomic(startsEmpty)
    }

    /// The opened storage for a read, or `nil` when the cache is known to be empty.
    private func forReading() async -> (any StorageService)? {
        knownEmpty.load(ordering: .acquiring) ? nil : await opened.value
    }

    /// The opened storage for a write; reads from now on wait for it.
    private func forWriting() async -> any StorageService {
        knownEmpty.store(false, ordering: .releasing)
        return await opened.value
    }

    public func cachedResponse(forKey key: String) async -> CachedResponse? {
        await forReading()?.cachedResponse(forKey: key)
    }

    public func store(_ response: CachedResponse) async {
        await forWriting().store(response)
    }

    public func removeResponse(forKey key: String) async {
        await forWriting().removeResponse(forKey: key)
    }

    public func invalidateResponses(withPrefix prefix: String) async {
        await forWriting().invalidateResponses(withPrefix: prefix)
    }

    public func recordVisit(_ entry: HistoryEntry) async {
        await forWriting().recordVisit(entry)
    }

    public func recentVisits(limit: Int) async -> [HistoryEntry] {
        await forReading()?.recentVisits(limit: limit) ?? []
    }

    public func serverDialect(forService service: String) async -> ServerDialect? {
        await forReading()?.serverDialect(forService: service)
    }

    public func rememberServerDialect(_ dialect: ServerDialect, forService service: String) async {
        await forWriting().rememberServerDialect(dialect, forService: service)
    }

    public func appendRequests(_ requests: [StoredRequest], keeping limit: Int) async {
        await forWriting().appendRequests(requests, keeping: limit)
    }

    public func recentRequests(namespace: String, limit: Int) async -> [StoredRequest] {
        await forReading()?.recentRequests(namespace: namespace, limit: limit) ?? []
    }

    public func flush() async {
        await opened.value.flush()
    }
}
