import Foundation
import JSON

/// The lists screens observe, by key, for a backend that answers lists
/// itself rather than through ``ResourceStore`` (GraphQL, gRPC): each
/// load's state goes to every observer of its key; a write marks them all
/// for reloading. Bounded: past `mostLists`, the states of lists nobody
/// observes go first.
public actor ObservedLists {
    private let mostLists: Int
    private var observers: [String: [UUID: AsyncStream<ListState<JSONValue>>.Continuation]] = [:]
    private var last: [String: ListState<JSONValue>] = [:]
    private var loading: Set<String> = []

    public init(mostLists: Int) {
        self.mostLists = mostLists
    }

    /// The states of `key`: the last one at once, then each change.
    public func observe(_ key: String) -> AsyncStream<ListState<JSONValue>> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<ListState<JSONValue>>.makeStream(bufferingPolicy: .bufferingNewest(1))
        observers[key, default: [:]][id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id, key: key) } }
        if let state = last[key] { continuation.yield(state) }
        return stream
    }

    private func remove(_ id: UUID, key: String) {
        observers[key]?[id] = nil
        if observers[key]?.isEmpty == true { observers[key] = nil }
    }

    /// Loads `key` with `load` unless it is loading or (without `force`)
    /// loaded; a failed load keeps the listing shown before beside its error.
    public func load(_ key: String, force: Bool, _ load: @Sendable () async -> ListState<JSONValue>) async {
        if loading.contains(key) { return }
        if !force, let state = last[key], state.listing != nil { return }
        loading.insert(key)
        var busy = last[key] ?? ListState()
        busy.isLoading = true
        tell(key, busy)
        var state = await load()
        if state.listing == nil, let listing = last[key]?.listing { state.listing = listing }
        loading.remove(key)
        if last[key] == nil, last.count >= mostLists {
            for unwatched in last.keys where observers[unwatched]?.isEmpty ?? true { last[unwatched] = nil }
        }
        last[key] = state
        tell(key, state)
    }

    /// Every list is asked again when next loaded.
    public func outdateAll() {
        for key in last.keys { last[key]?.listing = nil }
    }

    private func tell(_ key: String, _ state: ListState<JSONValue>) {
        for continuation in (observers[key] ?? [:]).values { continuation.yield(state) }
    }
}

/// The token (a cursor, a page token) each page of each list ended on, by
/// the list's key, so that page n is asked with the one page n−1 ended on.
/// Bounded: `mostPages` per list, `mostLists` lists (a new one past the
/// bound starts the book afresh).
public actor PageTokenBook {
    private let mostPages: Int
    private let mostLists: Int
    private var tokens: [String: [Int: String]] = [:]

    public init(mostPages: Int, mostLists: Int) {
        self.mostPages = mostPages
        self.mostLists = mostLists
    }

    /// The last page before `number` whose ending token is known, and that token (`(0, nil)`: none).
    public func start(_ key: String, before number: Int) -> (Int, String?) {
        let known = tokens[key] ?? [:]
        for page in stride(from: number - 1, through: 1, by: -1) {
            if let token = known[page] { return (page, token) }
        }
        return (0, nil)
    }

    /// The token page `page` of `key` ended on, if known.
    public func token(_ key: String, after page: Int) -> String? { tokens[key]?[page] }

    /// Notes that page `page` of `key` ended on `next`.
    public func note(_ key: String, page: Int, next: String) {
        guard (tokens[key]?.count ?? 0) < mostPages else { return }
        if tokens[key] == nil, tokens.count >= mostLists { tokens.removeAll() }
        tokens[key, default: [:]][page] = next
    }
}
