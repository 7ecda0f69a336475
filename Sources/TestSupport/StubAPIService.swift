import Foundation
import JSON
import Services

/// An `APIService` whose records a test sets, and which records what it was
/// asked. It answers filters and pages as json-server does (optionally
/// without `X-Total-Count`); writes can fail on request or be held until the
/// test releases them, to observe the optimistic state in between.
public actor StubAPIService: APIService {
    public nonisolated let origin: String
    public nonisolated let keepsWrites: Bool
    /// Records by collection name.
    public private(set) var collections: [String: [JSONValue]]
    /// The listing a list yields before any load (an earlier run's cache).
    public var cachedListing: Listing<JSONValue>?
    /// When set, every list load fails with it.
    public var listFailure: ServiceError?
    public var writeFailure: ServiceError?
    /// Whether list answers carry a total (`X-Total-Count`).
    public var sendsTotalCount = true
    /// Whether `q=` and `_sort=` are applied (some servers ignore them).
    public var searches = true
    public var sorts = true
    public private(set) var updates: [(resource: String, id: String, fields: JSONObject)] = []
    public private(set) var created: [(resource: String, fields: JSONObject)] = []
    public private(set) var deleted: [(resource: String, id: String)] = []
    /// Every list query answered, in order.
    public private(set) var listQueries: [(resource: String, query: ListQuery)] = []
    public var listCalls: Int { listQueries.count }
    private var heldWrites: [CheckedContinuation<Void, Never>] = []
    private var holdWrites = false
    private var heldDiscoveries: [CheckedContinuation<Void, Never>] = []
    private var holdDiscovery = false
    private var extraResources: [DiscoveredResource] = []
    /// How many times `discoverResources()` was asked.
    public private(set) var discoveryCalls = 0
    private var states: [String: ListState<JSONValue>] = [:]
    private var observers: [String: [AsyncStream<ListState<JSONValue>>.Continuation]] = [:]

    public init(collections: [String: [JSONValue]], origin: String = "stub", keepsWrites: Bool = true) {
        self.origin = origin
        self.keepsWrites = keepsWrites
        self.collections = collections
    }

    public init(todos: [TodoObject], origin: String = "stub", keepsWrites: Bool = true) {
        self.init(collections: ["todos": todos.map(\.json)], origin: origin, keepsWrites: keepsWrites)
    }

    public func setCollection(_ name: String, _ records: [JSONValue]) { collections[name] = records }
    public func setCached(_ listing: Listing<JSONValue>?) { cachedListing = listing }
    public func setListFailure(_ error: ServiceError?) { listFailure = error }
    public func setWriteFailure(_ error: ServiceError?) { writeFailure = error }
    public func setSendsTotalCount(_ flag: Bool) { sendsTotalCount = flag }
    /// Makes the stub ignore `q=` and `_sort=`, as servers without those features do.
    public func ignoreSearchAndSort() {
        searches = false
        sorts = false
    }

    /// Makes writes wait until `releaseWrites()`.
    public func holdWritesUntilReleased() { holdWrites = true }

    public func releaseWrites() {
        holdWrites = false
        heldWrites.forEach { $0.resume() }
        heldWrites = []
    }

    /// Makes `discoverResources()` (json-server's `/db`) wait until
    /// `releaseDiscovery()`, as a slow server or a large file's does.
    public func holdDiscoveryUntilReleased() { holdDiscovery = true }

    public func releaseDiscovery() {
        holdDiscovery = false
        heldDiscoveries.forEach { $0.resume() }
        heldDiscoveries = []
    }

    /// What `discoverResources()` names (none by default).
    public func setDiscoveredResources(_ resources: [DiscoveredResource]) { extraResources = resources }

    /// The resources set to be discovered; waits first while held.
    public func discoverResources() async -> [DiscoveredResource] {
        discoveryCalls += 1
        if holdDiscovery { await withCheckedContinuation { heldDiscoveries.append($0) } }
        return extraResources
    }

    private func key(_ resource: ResourceDescriptor, _ query: ListQuery) -> String {
        "\(resource.name)?\(query.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))"
    }

    /// Yields the current state (the cached listing, if set), then each change.
    public func recordList(_ resource: ResourceDescriptor, _ query: ListQuery) async
        -> AsyncStream<ListState<JSONValue>>
    {
        let key = key(resource, query)
        if states[key] == nil { states[key] = ListState(listing: cachedListing) }
        let (stream, continuation) = AsyncStream.makeStream(of: ListState<JSONValue>.self)
        observers[key, default: []].append(continuation)
        continuation.yield(states[key] ?? ListState())
        return stream
    }

    /// Publishes loading, then the answer.
    public func refreshRecords(_ resource: ResourceDescriptor, _ query: ListQuery, force: Bool) async {
        let key = key(resource, query)
        publish(key) { $0.isLoading = true }
        do throws(ServiceError) {
            let listing = try answer(resource, query)
            publish(key) { $0 = ListState(listing: listing) }
        } catch {
            publish(key) { state in
                state.error = error
                state.isLoading = false
            }
        }
    }

    private func publish(_ key: String, _ change: (inout ListState<JSONValue>) -> Void) {
        var state = states[key] ?? ListState()
        change(&state)
        states[key] = state
        for observer in observers[key] ?? [] { observer.yield(state) }
    }

    public func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
        -> Listing<JSONValue>
    {
        try answer(resource, query)
    }

    /// json-server's semantics, in small: filters, `q`, sort, pages.
    private func answer(_ resource: ResourceDescriptor, _ query: ListQuery) throws(ServiceError) -> Listing<JSONValue> {
        listQueries.append((resource.name, query))
        if let listFailure { throw listFailure }
        guard var items = collections[resource.name] else {
            throw ServiceError(.notFound, "No collection \(resource.name) (404)")
        }
        for filter in query.filters {
            items = items.filter { RecordFormat.cell($0, filter.field) == filter.value }
        }
        if searches, let search = query.search?.lowercased(), !search.isEmpty {
            items = items.filter { String(decoding: JSONWriter.data($0), as: UTF8.self).lowercased().contains(search) }
        }
        if sorts, let sort = query.sort.first {
            items.sort { lhs, rhs in
                let (a, b) = (lhs[sort.field], rhs[sort.field])
                let ascending: Bool
                if let x = a?.doubleValue, let y = b?.doubleValue {
                    ascending = x < y
                } else {
                    ascending = RecordFormat.cell(lhs, sort.field) < RecordFormat.cell(rhs, sort.field)
                }
                return sort.descending ? !ascending : ascending
            }
        }
        let total = items.count
        if let page = query.page, let limit = query.limit {
            let start = min(items.count, (page - 1) * limit)
            items = Array(items[start..<min(items.count, start + limit)])
        }
        return Listing(
            items: items, totalCount: sendsTotalCount ? total : nil, fetchedAt: Date(), origin: .network)
    }

    public func count(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Int {
        var all = query
        all.page = nil
        all.limit = nil
        return try answer(resource, all).items.count
    }

    public func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        guard let record = collections[resource.name]?.first(where: { $0.recordID(resource.idField) == id }) else {
            throw ServiceError(.notFound, "No \(resource.singular) \(id) (404)")
        }
        return record
    }

    public func create(_ resource: ResourceDescriptor, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        created.append((resource.name, fields))
        try await settleWrite()
        let next = (collections[resource.name] ?? []).compactMap { $0[resource.idField]?.intValue }.max() ?? 0
        var object = fields
        object[resource.idField] = .int(next + 1)
        if keepsWrites { collections[resource.name, default: []].append(.object(object)) }
        return .object(object)
    }

    public func update(_ resource: ResourceDescriptor, id: String, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        updates.append((resource.name, id, fields))
        try await settleWrite()
        var object = try await record(resource, id: id).objectValue ?? JSONObject()
        for (key, value) in fields { object[key] = value }
        if keepsWrites, let index = collections[resource.name]?.firstIndex(where: { $0.recordID() == id }) {
            collections[resource.name]?[index] = .object(object)
        }
        return .object(object)
    }

    public func delete(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) {
        deleted.append((resource.name, id))
        try await settleWrite()
        if keepsWrites { collections[resource.name]?.removeAll { $0.recordID() == id } }
    }

    private func settleWrite() async throws(ServiceError) {
        if holdWrites { await withCheckedContinuation { heldWrites.append($0) } }
        if let writeFailure { throw writeFailure }
    }
}
