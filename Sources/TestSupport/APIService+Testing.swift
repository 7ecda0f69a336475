import Services

extension APIService {
    /// The first state `todoList` yields: what is known before any load.
    public func currentTodoList(_ query: ListQuery = ListQuery()) async -> ListState<TodoObject>? {
        var states = await todoList(query).makeAsyncIterator()
        return await states.next()
    }

    /// Refreshes and returns the first settled state (not loading) after it.
    public func settledTodoList(_ query: ListQuery = ListQuery(), force: Bool = true) async -> ListState<TodoObject>? {
        var states = await todoList(query).makeAsyncIterator()
        _ = await states.next()
        async let refreshed: Void = refreshTodos(query, force: force)
        var settled: ListState<TodoObject>?
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
