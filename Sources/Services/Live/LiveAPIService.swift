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
        let dialect = await store.serverDialect()
        guard let request = try? listRequest(resource, query, dialect) else {
            let error = invalidName(resource)
            return AsyncStream { continuation in
                continuation.yield(ListState(error: error))
                continuation.finish()
            }
        }
        let hint = hint
        let store = store
        let service = self
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                var request = request
                var states = await store.observe(request)
                // An answer in the other dialect (the first answer of a
                // service not met before) switches to a request in that
                // dialect: the first one's page size or sort was not understood.
                observing: while true {
                    for await state in states {
                        var listState = ListState<JSONValue>(isLoading: state.isLoading)
                        listState.error = state.error.map(hint.apply(to:))
                        if let loaded = state.resource {
                            do throws(NetworkError) {
                                let (listing, seen) = try Self.listing(
                                    from: loaded, schema: resource.schema, paged: query.page != nil)
                                if let seen, await store.learn(seen),
                                    let switched = try? service.listRequest(resource, query, seen)
                                {
                                    request = switched
                                    // Load first, then watch: the watch then starts with the
                                    // answer (or its error), not an empty placeholder.
                                    await store.loadIfNeeded(request, maxAge: Self.freshness)
                                    states = await store.observe(request)
                                    continue observing
                                }
                                listState.listing = listing
                            } catch {
                                listState.error = hint.apply(to: error)
                                // Neither revalidate nor keep offline what cannot be read.
                                await store.discard(request)
                            }
                        }
                        continuation.yield(listState)
                    }
                    break
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func refreshRecords(_ resource: ResourceDescriptor, _ query: ListQuery, force: Bool) async {
        guard let request = try? listRequest(resource, query, await store.serverDialect()) else { return }
        if force {
            await store.reload(request)
        } else {
            await store.loadIfNeeded(request, maxAge: Self.freshness)
        }
    }

    public func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
        -> Listing<JSONValue>
    {
        try await loadListing(resource, query).listing
    }

    public func count(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Int {
        var probe = query
        probe.page = 1
        probe.limit = 1
        // The header's total, or a json-server v1 envelope's `items`.
        if let total = try await loadListing(resource, probe).listing.totalCount { return total }
        // No X-Total-Count: count what the full list holds.
        var all = query
        all.page = nil
        all.limit = nil
        return try await records(resource, all).items.count
    }

    /// Loads one list request in the dialect known; an answer in the other
    /// dialect teaches it, and the request is sent again in that one.
    private func loadListing(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
        -> (listing: Listing<JSONValue>, dialect: ServerDialect?)
    {
        if query.page == nil, await store.knownServerDialect() == nil,
            !query.filters.isEmpty || !query.sort.isEmpty || query.search != nil
        {
            // Unpaged, both dialects answer arrays but read the query
            // differently: learn which this is from one small page first.
            var probe = ListQuery()
            probe.page = 1
            probe.limit = 1
            _ = try await loadListing(resource, probe)
        }
        var dialect = await store.serverDialect()
        for attempt in 0..<2 {
            let request = try listRequest(resource, query, dialect)
            do throws(NetworkError) {
                let loaded = try await store.load(request)
                let decoded: (Listing<JSONValue>, ServerDialect?)
                do throws(NetworkError) {
                    decoded = try Self.listing(from: loaded, schema: resource.schema, paged: query.page != nil)
                } catch {
                    await store.discard(request)
                    throw error
                }
                let (listing, seen) = decoded
                if attempt == 0, let seen, await store.learn(seen) {
                    dialect = seen
                    continue
                }
                return (listing, seen)
            } catch {
                throw hint.apply(to: error)
            }
        }
        throw hint.apply(to: NetworkError.decoding(path: "", reason: "the server changed its dialect twice"))
    }

    public func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        try await send(resource, resource.isObject ? .object : .one(id: id), invalidates: false)
    }

    public func create(_ resource: ResourceDescriptor, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        try await send(resource, .create(fields), invalidates: true)
    }

    public func update(_ resource: ResourceDescriptor, id: String, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        try await send(resource, resource.isObject ? .updateObject(fields) : .update(id: id, fields), invalidates: true)
    }

    /// Reads json-server's `/db` (v0, and `trestle serve` in both dialects):
    /// its top-level arrays are collections, its objects object resources.
    /// A server without it (404, not JSON) names nothing.
    public func discoverResources() async -> [DiscoveredResource] {
        let endpoint = ResourceEndpoint(baseURL: baseURL, resource: "db", route: .database)
        guard let response = try? await network.send(endpoint),
            case .object(let root)? = try? JSONParser.parse(response.body)
        else { return [] }
        return root.compactMap { member in
            guard ResourceEndpoint.isValidName(member.key) else { return nil }
            switch member.value {
            case .array: return DiscoveredResource(name: member.key, isObject: false)
            case .object: return DiscoveredResource(name: member.key, isObject: true)
            default: return nil
            }
        }
    }

    public func delete(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) {
        _ = try await send(resource, .delete(id: id), invalidates: true, expectsRecord: false)
    }

    // MARK: - Helpers

    private func listRequest(_ resource: ResourceDescriptor, _ query: ListQuery, _ dialect: ServerDialect)
        throws(ServiceError) -> Request
    {
        guard ResourceEndpoint.isValidName(resource.name) else { throw invalidName(resource) }
        return ResourceEndpoint(
            baseURL: baseURL, resource: resource.name, route: .list(query), dialect: dialect,
            searchFields: resource.columns.map(\.field).filter { $0 != resource.idField }
        ).makeRequest()
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
            guard expectsRecord else {
                // A page that is not JSON (a proxy's or portal's "200 OK"
                // HTML) is not the service's answer: the write is not known done.
                if !response.body.isEmpty, (try? JSONParser.parse(response.body)) == nil {
                    throw NetworkError.decoding(path: "", reason: "the answer is not JSON")
                }
                return .null
            }
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

    private static func listing(from loaded: LoadedResource, schema: RecordSchema?, paged: Bool)
        throws(NetworkError) -> (Listing<JSONValue>, ServerDialect?)
    {
        let body = loaded.body
        let page = try loaded.decoded.value { () throws(NetworkError) -> Page in
            let (records, total, dialect) = try JSONValue.page(from: body, paged: paged)
            try schema?.validate(records)
            return Page(records: records, total: total, dialect: dialect)
        }
        let listing = Listing(
            items: page.records, totalCount: loaded.totalCount ?? page.total, fetchedAt: loaded.fetchedAt,
            origin: loaded.origin)
        return (listing, page.dialect)
    }

    /// A decoded list body: its records, the total an envelope gave, and
    /// the dialect its shape revealed.
    private struct Page: Sendable {
        var records: [JSONValue]
        var total: Int?
        var dialect: ServerDialect?
    }
}
