import JSON
import Services

extension APIService {
    /// The first state `recordList` yields: what is known before any load.
    public func currentList(_ resource: ResourceDescriptor, _ query: ListQuery = ListQuery()) async
        -> ListState<JSONValue>?
    {
        var states = await recordList(resource, query).makeAsyncIterator()
        return await states.next()
    }

    /// Refreshes and returns the first settled state (not loading) after it.
    public func settledList(_ resource: ResourceDescriptor, _ query: ListQuery = ListQuery(), force: Bool = true)
        async -> ListState<JSONValue>?
    {
        var states = await recordList(resource, query).makeAsyncIterator()
        _ = await states.next()
        async let refreshed: Void = refreshRecords(resource, query, force: force)
        var settled: ListState<JSONValue>?
        while let state = await states.next() {
            if !state.isLoading {
                settled = state
                break
            }
        }
        await refreshed
        return settled
    }
}

extension ResourceDescriptor {
    /// JSONPlaceholder's todos, for tests.
    public static var todos: ResourceDescriptor { ResourceCatalog.jsonPlaceholder.descriptor(for: "todos") }
}
