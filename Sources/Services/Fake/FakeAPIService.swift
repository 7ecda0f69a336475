import Foundation
import JSONServerCore
import Logging
import Networking

/// The fake environment's service: the sample data served in-process, after a
/// realistic delay, with exactly the semantics of a json-server.
///
/// It is the live service over an `EngineHTTPClient`, so caching, ETags,
/// middleware and errors behave as they do against a real server.
public struct FakeAPIService: APIService {
    private let live: LiveAPIService

    public var origin: String { "sample-data" }
    public var keepsWrites: Bool { true }

    /// - Parameter cacheNamespace: keeps the caches of different data files apart.
    public init(
        engine: JSONServerEngine, behavior: StubBehavior, storage: any StorageService,
        middleware: [any Middleware], logger: Logger, cacheNamespace: String = "fake"
    ) {
        let base = URL(string: "fake://sample-data") ?? URL(fileURLWithPath: "/sample-data")
        let network = NetworkClient(
            client: EngineHTTPClient(engine: engine, behavior: behavior), middleware: middleware,
            retry: .never)
        let store = ResourceStore(network: network, storage: storage, namespace: cacheNamespace, logger: logger)
        live = LiveAPIService(baseURL: base, network: network, store: store, origin: "sample-data")
    }

    public func todoList(_ query: ListQuery) async -> AsyncStream<ListState<TodoObject>> {
        await live.todoList(query)
    }

    public func refreshTodos(_ query: ListQuery, force: Bool) async {
        await live.refreshTodos(query, force: force)
    }

    public func todos(_ query: ListQuery) async throws(ServiceError) -> Listing<TodoObject> {
        try await live.todos(query)
    }

    public func records(_ resource: String, _ query: ListQuery) async throws(ServiceError) -> Listing<JSONValue> {
        try await live.records(resource, query)
    }

    public func todo(id: Int) async throws(ServiceError) -> TodoObject {
        try await live.todo(id: id)
    }

    public func updateTodo(id: Int, _ patch: TodoPatch) async throws(ServiceError) -> TodoObject {
        try await live.updateTodo(id: id, patch)
    }
}
