import Foundation
import Synchronization

/// The cache while it is still being opened, so that the start does not wait
/// for it: the first request goes out, and its answer is drawn, while SQLite
/// opens the file (and, on a first run, creates its schema).
///
/// - An existing cache file opens at once: every call waits for the open
///   and goes to the opened storage.
/// - When there was no cache file before this run (`startsEmpty`), the
///   run's writes are held in memory, and reads answered from them (exactly
///   what the file would say, since it started empty), until the open is
///   begun (``beginOpening()``: at once for `trestle get`, after the first
///   frame for the interactive run, so that SQLite's schema work takes no
///   core from it) and has finished; what is held is then written into the
///   file before any later call reaches it. ``flush()`` begins the open if
///   nothing did, so nothing held is lost.
public final class OpeningStorage: StorageService {
    private struct State {
        /// The run's writes while the file that started empty is not open.
        var held = MemoryCache()
        /// The open under way, begun once; its value is the storage with
        /// what was held written into it.
        var opening: Task<any StorageService, Never>?
        /// Set once the storage is open: what was held being written into
        /// it; every call from then on waits for that and goes to it.
        var opened: Task<any StorageService, Never>?
    }

    private let state = Mutex(State())
    private let open: @Sendable () async -> any StorageService

    /// - Parameters:
    ///   - startsEmpty: no cache file existed before this run.
    ///   - open: opens the storage to use (the SQLite file, or what stands
    ///     in when it cannot open); called once.
    public init(startsEmpty: Bool, open: @escaping @Sendable () async -> any StorageService) {
        self.open = open
        if !startsEmpty {
            let opened = Task { await open() }
            state.withLock { state in
                state.opening = opened
                state.opened = opened
            }
        }
    }

    /// Whether calls still go to what is held in memory (the open has not
    /// begun, or not finished).
    public var isHolding: Bool {
        state.withLock { $0.opened == nil }
    }

    /// Begins the open, once; its value is the opened storage, what was
    /// held written into it.
    @discardableResult
    public func beginOpening() -> Task<any StorageService, Never> {
        state.withLock { state in
            if let opening = state.opening { return opening }
            let opening = Task { [open] in
                let storage = await open()
                return await self.handOver(to: storage).value
            }
            state.opening = opening
            return opening
        }
    }

    /// From now on every call goes to `storage`, after what is held.
    private func handOver(to storage: any StorageService) -> Task<any StorageService, Never> {
        state.withLock { state in
            let held = state.held
            state.held = MemoryCache()
            let opened = Task {
                await held.copy(into: storage)
                return storage
            }
            state.opened = opened
            return opened
        }
    }

    private enum Answer<Value: Sendable>: Sendable {
        case now(Value)
        case fromOpened(Task<any StorageService, Never>)
    }

    /// Answers from what is held, or from the opened storage.
    private func read<Value: Sendable>(
        _ held: (MemoryCache) -> Value, _ opened: (any StorageService) async -> Value
    ) async -> Value {
        let answer = state.withLock { state -> Answer<Value> in
            if let storage = state.opened { return .fromOpened(storage) }
            return .now(held(state.held))
        }
        switch answer {
        case .now(let value): return value
        case .fromOpened(let storage): return await opened(storage.value)
        }
    }

    /// Holds the write, or sends it to the opened storage.
    private func write(_ held: (inout MemoryCache) -> Void, _ opened: (any StorageService) async -> Void) async {
        let storage = state.withLock { state -> Task<any StorageService, Never>? in
            if state.opened == nil { held(&state.held) }
            return state.opened
        }
        if let storage { await opened(storage.value) }
    }

    public func cachedResponse(forKey key: String) async -> CachedResponse? {
        await read({ $0.cachedResponse(forKey: key) }, { await $0.cachedResponse(forKey: key) })
    }

    public func store(_ response: CachedResponse) async {
        await write({ $0.store(response) }, { await $0.store(response) })
    }

    public func removeResponse(forKey key: String) async {
        await write({ $0.removeResponse(forKey: key) }, { await $0.removeResponse(forKey: key) })
    }

    public func invalidateResponses(withPrefix prefix: String) async {
        await write(
            { $0.invalidateResponses(withPrefix: prefix) }, { await $0.invalidateResponses(withPrefix: prefix) })
    }

    public func recordVisit(_ entry: HistoryEntry) async {
        await write({ $0.recordVisit(entry) }, { await $0.recordVisit(entry) })
    }

    public func recentVisits(limit: Int) async -> [HistoryEntry] {
        await read({ $0.recentVisits(limit: limit) }, { await $0.recentVisits(limit: limit) })
    }

    public func serverDialect(forService service: String) async -> ServerDialect? {
        await read({ $0.serverDialect(forService: service) }, { await $0.serverDialect(forService: service) })
    }

    public func rememberServerDialect(_ dialect: ServerDialect, forService service: String) async {
        await write(
            { $0.rememberServerDialect(dialect, forService: service) },
            { await $0.rememberServerDialect(dialect, forService: service) })
    }

    public func rememberedConvention(forService service: String) async -> RememberedConvention? {
        await read(
            { $0.rememberedConvention(forService: service) }, { await $0.rememberedConvention(forService: service) })
    }

    public func rememberConvention(_ remembered: RememberedConvention?, forService service: String) async {
        await write(
            { $0.rememberConvention(remembered, forService: service) },
            { await $0.rememberConvention(remembered, forService: service) })
    }

    public func rememberedDiscovery(forService service: String) async -> RememberedDiscovery? {
        await read(
            { $0.rememberedDiscovery(forService: service) }, { await $0.rememberedDiscovery(forService: service) })
    }

    public func rememberDiscovery(_ remembered: RememberedDiscovery?, forService service: String) async {
        await write(
            { $0.rememberDiscovery(remembered, forService: service) },
            { await $0.rememberDiscovery(remembered, forService: service) })
    }

    public func keptCatalog(_ part: CatalogPart, forService service: String, location: String, fingerprint: String)
        async -> Data?
    {
        await read(
            { $0.keptCatalog(part, forService: service, location: location, fingerprint: fingerprint) },
            { await $0.keptCatalog(part, forService: service, location: location, fingerprint: fingerprint) })
    }

    public func keepCatalog(_ catalog: KeptCatalog, forService service: String, location: String) async {
        await write(
            { $0.keepCatalog(catalog, forService: service, location: location) },
            { await $0.keepCatalog(catalog, forService: service, location: location) })
    }

    public func appendRequests(_ requests: [StoredRequest], keeping limit: Int) async {
        await write(
            { $0.appendRequests(requests, keeping: limit) }, { await $0.appendRequests(requests, keeping: limit) })
    }

    public func recentRequests(namespace: String, limit: Int) async -> [StoredRequest] {
        await read(
            { $0.recentRequests(namespace: namespace, limit: limit) },
            { await $0.recentRequests(namespace: namespace, limit: limit) })
    }

    public func listViews(forService service: String, collection: String) async -> [SavedListView] {
        await read(
            { $0.listViews(forService: service, collection: collection) },
            { await $0.listViews(forService: service, collection: collection) })
    }

    public func saveListView(_ view: SavedListView, forService service: String, collection: String) async {
        await write(
            { $0.saveListView(view, forService: service, collection: collection) },
            { await $0.saveListView(view, forService: service, collection: collection) })
    }

    /// Begins the open if nothing did, and flushes the opened storage.
    public func flush() async {
        await beginOpening().value.flush()
    }
}
