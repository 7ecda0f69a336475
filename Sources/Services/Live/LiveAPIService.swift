import Foundation
import JSON
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

    public func recordList(_ resource: ResourceDescriptor, _ query: ListQuery) async
        -> AsyncStream<ListState<JSONValue>>
    {
        guard let request = try? listRequest(resource, query) else {
            let error = invalidName(resource)
            return AsyncStream { continuation in
                continuation.yield(ListState(error: error))
                continuation.finish()
            }
        }
        let states = await store.observe(request)
        let hint = hint
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                for await state in states {
                    var listState = ListState<JSONValue>(isLoading: state.isLoading)
                    listState.error = state.error.map(hint.apply(to:))
                    if let loaded = state.resource {
                        do throws(NetworkError) {
                            listState.listing = try Self.listing(from: loaded, schema: resource.schema)
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

    public func refreshRecords(_ resource: ResourceDescriptor, _ query: ListQuery, force: Bool) async {
        guard let request = try? listRequest(resource, query) else { return }
        if force {
            await store.reload(request)
        } else {
            await store.loadIfNeeded(request, maxAge: Self.freshness)
        }
    }

    public func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
        -> Listing<JSONValue>
    {
        let request = try listRequest(resource, query)
        do {
            return try Self.listing(from: try await store.load(request), schema: resource.schema)
        } catch {
            throw hint.apply(to: error)
        }
    }

    public func count(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Int {
        var probe = query
        probe.page = 1
        probe.limit = 1
        let request = try listRequest(resource, probe)
        do {
            // The header's total, or a json-server v1 envelope's `items`.
            if let total = try Self.listing(from: try await store.load(request), schema: resource.schema).totalCount {
                return total
            }
        } catch {
            throw hint.apply(to: error)
        }
        // No X-Total-Count: count what the full list holds.
        var all = query
        all.page = nil
        all.limit = nil
        return try await records(resource, all).items.count
    }

    public func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        try await send(resource, .one(id: id), invalidates: false)
    }

    public func create(_ resource: ResourceDescriptor, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        try await send(resource, .create(fields), invalidates: true)
    }

    public func update(_ resource: ResourceDescriptor, id: String, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        try await send(resource, .update(id: id, fields), invalidates: true)
    }

    public func delete(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) {
        _ = try await send(resource, .delete(id: id), invalidates: true, expectsRecord: false)
    }

    // MARK: - Helpers

    private func listRequest(_ resource: ResourceDescriptor, _ query: ListQuery) throws(ServiceError) -> Request {
        guard ResourceEndpoint.isValidName(resource.name) else { throw invalidName(resource) }
        return ResourceEndpoint(baseURL: baseURL, resource: resource.name, route: .list(query)).makeRequest()
    }

    private func invalidName(_ resource: ResourceDescriptor) -> ServiceError {
        ServiceError(.configuration, "'\(resource.name)' is not a collection name")
    }

    /// Sends one record request; a write forgets the stored validators of the
    /// collection's lists so the next look asks the server again.
    private func send(
        _ resource: ResourceDescriptor, _ route: ResourceEndpoint.Route, invalidates: Bool,
        expectsRecord: Bool = true
    ) async throws(ServiceError) -> JSONValue {
        guard ResourceEndpoint.isValidName(resource.name) else { throw invalidName(resource) }
        let endpoint = ResourceEndpoint(baseURL: baseURL, resource: resource.name, route: route)
        do {
            let response = try await network.send(endpoint)
            if invalidates { await store.invalidate(under: baseURL.appendingPathComponent(resource.name)) }
            guard expectsRecord else { return .null }
            let value: JSONValue
            do {
                value = try JSONParser.parse(response.body)
            } catch {
                throw NetworkError.decoding(path: "", reason: "not valid JSON (\(error))")
            }
            guard value.objectValue != nil else { throw NetworkError.decoding(path: "", reason: "expected an object") }
            try resource.schema?.validate(value, path: "record")
            return value
        } catch let error as NetworkError {
            throw hint.apply(to: error)
        } catch {
            throw hint.apply(to: NetworkError.transport("\(error)"))
        }
    }

    private static func listing(from loaded: LoadedResource, schema: RecordSchema?) throws(NetworkError)
        -> Listing<JSONValue>
    {
        let body = loaded.body
        let page = try loaded.decoded.value { () throws(NetworkError) -> Page in
            let (records, total) = try JSONValue.page(from: body)
            try schema?.validate(records)
            return Page(records: records, total: total)
        }
        return Listing(
            items: page.records, totalCount: loaded.totalCount ?? page.total, fetchedAt: loaded.fetchedAt,
            origin: loaded.origin)
    }

    /// A decoded list body: its records and the total an envelope gave.
    private struct Page: Sendable {
        var records: [JSONValue]
        var total: Int?
    }
}
