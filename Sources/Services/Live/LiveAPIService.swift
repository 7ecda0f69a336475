import Foundation
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
    private let decoder = JSONDecoder()

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

    public func cachedTodos(_ query: ListQuery) async -> Listing<TodoObject>? {
        let request = TodoEndpoint(baseURL: baseURL, route: .list(query)).makeRequest()
        guard let cached = await store.cached(request) else { return nil }
        return try? listing(from: cached)
    }

    public func todos(_ query: ListQuery) async throws(ServiceError) -> Listing<TodoObject> {
        let request = TodoEndpoint(baseURL: baseURL, route: .list(query)).makeRequest()
        do {
            return try listing(from: try await store.load(request))
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
        let items = try Response(status: 200, body: loaded.body, url: baseURL).decode([TodoObject].self, decoder: decoder)
        return Listing(items: items, totalCount: loaded.totalCount, fetchedAt: loaded.fetchedAt, origin: loaded.origin)
    }
}
