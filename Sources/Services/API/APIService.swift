import JSONServerCore

/// The REST service as the screens see it.
///
/// `LiveAPIService` talks HTTP; `FakeAPIService` answers from the sample data
/// with the same semantics. Both cache the last good answer, revalidate with
/// ETags and share in-flight requests.
public protocol APIService: Sendable {
    /// Where the data comes from, for the status bar (a URL, or `sample-data`).
    var origin: String { get }
    /// Whether the server keeps writes (JSONPlaceholder does not).
    var keepsWrites: Bool { get }

    /// The state of the todo list for `query`: at once what is known (the
    /// cached copy from an earlier run, if any), then every change. Screens
    /// showing the same list share one state and one request.
    func todoList(_ query: ListQuery) async -> AsyncStream<ListState<TodoObject>>
    /// Asks for the list to be loaded: always when `force` (`r`), otherwise
    /// only when what is there is missing, cached or stale.
    func refreshTodos(_ query: ListQuery, force: Bool) async
    /// Todos from the server, once (revalidating a cached answer): for `trestle get`.
    func todos(_ query: ListQuery) async throws(ServiceError) -> Listing<TodoObject>
    /// Any collection's records, once, as JSON values (`trestle get users`);
    /// `.notFound` when the service has no such collection.
    func records(_ resource: String, _ query: ListQuery) async throws(ServiceError) -> Listing<JSONValue>
    /// One todo; `.notFound` when the server has no such id.
    func todo(id: Int) async throws(ServiceError) -> TodoObject
    /// Changes fields of a todo and returns the server's version of it.
    func updateTodo(id: Int, _ patch: TodoPatch) async throws(ServiceError) -> TodoObject
}
