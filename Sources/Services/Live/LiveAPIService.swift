import Foundation
import JSONServerCore
import Logging
import Networking

/// The REST service over HTTP (development and production environments), and
/// over the in-process engine (the fake environment: see `FakeAPIService`).
public struct LiveAPIService: APIService {
    public let baseURL: URL
    public let origin: String
    public let keepsWrites: Bool
    private let network: NetworkClient
    private let store: ResourceStore
    private let hint: ErrorHint

    /// - Parameters:
    ///   - keepsWrites: `false` for services that accept writes but forget them (JSONPlaceholder).
    ///   - hint: extra advice appended to connection errors (development suggests `trestle serve`).
    public init(
        baseURL: URL, network: NetworkClient, store: ResourceStore, origin: String? = nil,
        keepsWrites: Bool = true, hint: ErrorHint = .none
    ) {
        self.baseURL = baseURL
        self.network = network
        self.store = store
        self.origin = origin ?? baseURL.absoluteString
        self.keepsWrites = keepsWrites
        self.hint = hint
    }

    /// How long a list loaded from the server counts as fresh.
    public static let freshness: TimeInterval = 30

    public func todoList(_ query: ListQuery) async -> AsyncStream<ListState<TodoObject>> {
        let states = await store.observe(TodoEndpoint(baseURL: baseURL, route: .list(query)).makeRequest())
        let hint = hint
        let decode = listing(from:)
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                for await state in states {
                    var listState = ListState<TodoObject>(isLoading: state.isLoading)
                    listState.error = state.error.map(hint.apply(to:))
                    if let resource = state.resource {
                        do throws(NetworkError) {
                            listState.listing = try decode(resource)
                        } catch {
                            listState.error = hint.apply(to: error)
                        }
                    }
                    continuation.yield(listState)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func refreshTodos(_ query: ListQuery, force: Bool) async {
        let request = TodoEndpoint(baseURL: baseURL, route: .list(query)).makeRequest()
        if force {
            await store.reload(request)
        } else {
            await store.loadIfNeeded(request, maxAge: Self.freshness)
        }
    }

    public func todos(_ query: ListQuery) async throws(ServiceError) -> Listing<TodoObject> {
        let request = TodoEndpoint(baseURL: baseURL, route: .list(query)).makeRequest()
        do {
            return try listing(from: try await store.load(request))
        } catch {
            throw hint.apply(to: error)
        }
    }

    public func records(_ resource: String, _ query: ListQuery) async throws(ServiceError) -> Listing<JSONValue> {
        guard ResourceEndpoint.isValidName(resource) else {
            throw ServiceError(.configuration, "'\(resource)' is not a collection name")
        }
        let request = ResourceEndpoint(baseURL: baseURL, resource: resource, route: .list(query)).makeRequest()
        do {
            let loaded = try await store.load(request)
            let body = loaded.body
            let items = try loaded.decoded.value { () throws(NetworkError) -> [JSONValue] in
                try JSONValue.records(from: body)
            }
            return Listing(
                items: items, totalCount: loaded.totalCount, fetchedAt: loaded.fetchedAt, origin: loaded.origin)
        } catch {
            throw hint.apply(to: error)
        }
    }

    public func todo(id: Int) async throws(ServiceError) -> TodoObject {
        do {
            return try await network.decode(TodoObject.self, from: TodoEndpoint(baseURL: baseURL, route: .one(id: id)))
        } catch {
            throw hint.apply(to: error)
        }
    }

    public func updateTodo(id: Int, _ patch: TodoPatch) async throws(ServiceError) -> TodoObject {
        do {
            let endpoint = TodoEndpoint(baseURL: baseURL, route: .patch(id: id, patch))
            let updated = try await network.decode(TodoObject.self, from: endpoint)
            await store.invalidate(under: baseURL.appendingPathComponent("todos"))
            return updated
        } catch {
            throw hint.apply(to: error)
        }
    }

    private func listing(from loaded: LoadedResource) throws(NetworkError) -> Listing<TodoObject> {
        let body = loaded.body
        let items = try loaded.decoded.value { () throws(NetworkError) -> [TodoObject] in
            try TodoObject.decodeList(body)
        }
        return Listing(items: items, totalCount: loaded.totalCount, fetchedAt: loaded.fetchedAt, origin: loaded.origin)
    }
}
