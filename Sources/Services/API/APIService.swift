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

    /// The last good answer for `query`, from the cache, without the network.
    func cachedTodos(_ query: ListQuery) async -> Listing<TodoObject>?
    /// Todos from the server (revalidating a cached answer when there is one).
    func todos(_ query: ListQuery) async throws(ServiceError) -> Listing<TodoObject>
    /// One todo; `.notFound` when the server has no such id.
    func todo(id: Int) async throws(ServiceError) -> TodoObject
    /// Changes fields of a todo and returns the server's version of it.
    func updateTodo(id: Int, _ patch: TodoPatch) async throws(ServiceError) -> TodoObject
}
