import Foundation
import JSONServerCore
import Services

/// An `APIService` whose answers a test sets, and which records what it was
/// asked. Writes can be held until the test releases them, to observe the
/// optimistic state in between.
public actor StubAPIService: APIService {
    public nonisolated let origin: String
    public nonisolated let keepsWrites: Bool
    public var cachedListing: Listing<TodoObject>?
    public var listResult: Result<Listing<TodoObject>, ServiceError>
    public var updateFailure: ServiceError?
    public private(set) var updates: [(id: Int, patch: TodoPatch)] = []
    public private(set) var listCalls = 0
    private var heldWrites: [CheckedContinuation<Void, Never>] = []
    private var state = ListState<TodoObject>()
    private var observers: [AsyncStream<ListState<TodoObject>>.Continuation] = []
    private var holdWrites = false

    public init(todos: [TodoObject], origin: String = "stub", keepsWrites: Bool = true) {
        self.origin = origin
        self.keepsWrites = keepsWrites
        listResult = .success(Listing(items: todos, totalCount: todos.count, fetchedAt: Date(), origin: .network))
    }

    public func setList(_ result: Result<Listing<TodoObject>, ServiceError>) { listResult = result }
    public func setCached(_ listing: Listing<TodoObject>?) { cachedListing = listing }
    public func setUpdateFailure(_ error: ServiceError?) { updateFailure = error }

    /// Makes writes wait until `releaseWrites()`.
    public func holdWritesUntilReleased() { holdWrites = true }

    public func releaseWrites() {
        holdWrites = false
        heldWrites.forEach { $0.resume() }
        heldWrites = []
    }

    /// Yields the current state (the cached listing, if set), then each change.
    public func todoList(_ query: ListQuery) async -> AsyncStream<ListState<TodoObject>> {
        if state.listing == nil { state.listing = cachedListing }
        let (stream, continuation) = AsyncStream.makeStream(of: ListState<TodoObject>.self)
        observers.append(continuation)
        continuation.yield(state)
        return stream
    }

    /// Publishes loading, then the list result set by the test.
    public func refreshTodos(_ query: ListQuery, force: Bool) async {
        publish { $0.isLoading = true }
        listCalls += 1
        switch listResult {
        case .success(var listing):
            listing.fetchedAt = Date()  // every load is a new answer
            publish { $0 = ListState(listing: listing) }
        case .failure(let error):
            publish { state in
                state.error = error
                state.isLoading = false
            }
        }
    }

    private func publish(_ change: (inout ListState<TodoObject>) -> Void) {
        change(&state)
        for observer in observers { observer.yield(state) }
    }

    public func todos(_ query: ListQuery) async throws(ServiceError) -> Listing<TodoObject> {
        listCalls += 1
        return try listResult.get()
    }

    /// Not used by the screens under test: no records.
    public func records(_ resource: String, _ query: ListQuery) async throws(ServiceError) -> Listing<JSONValue> {
        Listing(items: [], totalCount: 0, fetchedAt: Date(), origin: .network)
    }

    public func todo(id: Int) async throws(ServiceError) -> TodoObject {
        let items = try listResult.get().items
        guard let todo = items.first(where: { $0.id == id }) else { throw ServiceError(.notFound, "No todo \(id)") }
        return todo
    }

    public func updateTodo(id: Int, _ patch: TodoPatch) async throws(ServiceError) -> TodoObject {
        updates.append((id, patch))
        if holdWrites { await withCheckedContinuation { heldWrites.append($0) } }
        if let updateFailure { throw updateFailure }
        var todo = try await todo(id: id)
        if let completed = patch.completed { todo.completed = completed }
        if let title = patch.title { todo.title = title }
        return todo
    }
}
