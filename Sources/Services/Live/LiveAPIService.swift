import Foundation
import JSON
import Logging
import Networking

/// The REST service over HTTP (development and production environments), and
/// over the in-process engine (the fake environment: `FakeAPIService.make`).
public struct LiveAPIService: APIService {
    public let baseURL: URL
    public let origin: String
    public let keepsWrites: Bool
    /// The certificate is not checked (`insecure: true`, curl's `-k`): `:curl` writes `-k`.
    public var insecure = false
    let network: NetworkClient
    let store: ResourceStore
    var hint: ErrorHint
    /// The next cursors of the pages of cursor-paged collections read so far.
    let cursors = CursorBook()
    /// The related records answers carried (`included`, `_embedded`), which name relations.
    let related = RelatedRecords()
    /// What the records of each collection take, as the service said.
    let recordMethods = RecordMethods()
    /// The conventions a route's requests are spelt and its answers read in.
    public var conventions = ConventionRegistry.builtIn
    /// The convention the start found the service in (no `/db` asked of a HAL service).
    public let found = ConventionMemory()
    /// Where the requests go (`LiveAPIService+Reach.swift`).
    let reach: Reach

    /// - Parameters:
    ///   - keepsWrites: `false` for services that accept writes but forget them (JSONPlaceholder).
    ///   - hint: extra advice appended to connection errors (development suggests `trestle serve`).
    ///   - reach: `.inProcess` for the fake environment's engine.
    public init(
        baseURL: URL, network: NetworkClient, store: ResourceStore, origin: String? = nil,
        keepsWrites: Bool = true, hint: ErrorHint = .none, reach: Reach = .http
    ) {
        self.baseURL = baseURL
        self.network = network
        self.store = store
        self.origin = origin ?? baseURL.absoluteString
        self.keepsWrites = keepsWrites
        self.hint = hint
        self.reach = reach
    }

    /// This service, saying on a 401 or 403 which auth schemes the
    /// service's API document asks for and where Trestle takes the secret from.
    public func explainingUnauthorized(with schemes: [String]) -> LiveAPIService {
        var copy = self
        let advice =
            "the API asks for \(schemes.joined(separator: " or ")); set TRESTLE_TOKEN or TRESTLE_TOKEN_FILE"
        copy.hint = hint == .none ? .whenUnauthorized(advice) : .both(hint, .whenUnauthorized(advice))
        return copy
    }

    /// How long a list loaded from the server counts as fresh.
    public static let freshness: TimeInterval = 30

    public func recordList(_ resource: ResourceDescriptor, _ query: ListQuery) async
        -> AsyncStream<ListState<JSONValue>>
    {
        let dialect = await store.serverDialect()
        let start: CursorStart
        do throws(ServiceError) {
            start = try await cursorStart(resource, query)
        } catch {
            return AsyncStream { continuation in
                continuation.yield(ListState(error: error))
                continuation.finish()
            }
        }
        if start == .beyondEnd {
            return AsyncStream { continuation in
                continuation.yield(ListState(listing: Self.pastTheEnd()))
                continuation.finish()
            }
        }
        let cursor: String? = if case .after(let value) = start { value } else { nil }
        guard let request = try? listRequest(resource, query, dialect, cursor: cursor) else {
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
                var spelt = dialect
                var states = await store.observe(request)
                // An answer in another dialect of the convention (the first
                // answer of a service not met before) switches to a request in
                // that dialect: the first one's page size or sort was not understood.
                observing: while true {
                    for await state in states {
                        var listState = ListState<JSONValue>(isLoading: state.isLoading)
                        listState.error = state.error.map(hint.apply(to:))
                        if let loaded = state.resource {
                            do throws(NetworkError) {
                                let (listing, seen) = try service.listing(
                                    from: loaded, request: request, resource: resource, dialect: spelt)
                                if let seen, await store.learn(seen),
                                    let switched = try? service.listRequest(resource, query, seen)
                                {
                                    request = switched
                                    spelt = seen
                                    // Load first, then watch: the watch then starts with the
                                    // answer (or its error), not an empty placeholder.
                                    await store.loadIfNeeded(request, maxAge: Self.freshness)
                                    states = await store.observe(request)
                                    continue observing
                                }
                                listState.listing = listing
                                await service.noteCursor(of: loaded, request: request, route: resource.route)
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
        let start = (try? await cursorStart(resource, query)) ?? .beyondEnd
        if start == .beyondEnd { return }
        let cursor: String? = if case .after(let value) = start { value } else { nil }
        guard let request = try? listRequest(resource, query, await store.serverDialect(), cursor: cursor) else {
            return
        }
        if force {
            await store.reload(request)
        } else {
            await store.loadIfNeeded(request, maxAge: Self.freshness)
        }
    }

    public func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
        -> Listing<JSONValue>
    {
        if query.page == nil, try route(of: resource).pagesUnasked {
            return try await allPages(resource, query)
        }
        return try await loadListing(resource, query).listing
    }

    /// Every record of a documented collection that pages: page after page
    /// until the total is reached or a page comes short (`trestle get`, exports).
    func allPages(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
        -> Listing<JSONValue>
    {
        var page = query
        page.limit = query.limit.map { min($0, resource.pageSize) } ?? resource.pageSize
        var all: Listing<JSONValue>?
        for number in 1...Self.countingPages {
            page.page = number
            let listing = try await loadListing(resource, page).listing
            if all == nil { all = listing } else { all?.items += listing.items }
            let count = all?.items.count ?? 0
            if listing.items.count < (page.limit ?? 0) || listing.totalCount.map({ count >= $0 }) == true { break }
            if let limit = query.limit, count >= limit { break }
        }
        var result = all ?? Listing(items: [], totalCount: 0, fetchedAt: Date(), origin: .network)
        if let limit = query.limit, result.items.count > limit { result.items = Array(result.items.prefix(limit)) }
        result.totalCount = result.totalCount ?? result.items.count
        return result
    }

    public func count(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Int {
        var probe = query
        probe.page = 1
        probe.limit = 1
        // The header's total, or the envelope's.
        if let total = try await loadListing(resource, probe).listing.totalCount { return total }
        if try route(of: resource).pagesUnasked {
            return try await countByPages(resource, query)
        }
        // No X-Total-Count: count what the full list holds.
        var all = query
        all.page = nil
        all.limit = nil
        return try await records(resource, all).items.count
    }

    /// Loads one list request in the dialect known; an answer in another
    /// dialect of the convention teaches it, and the request is sent again
    /// in that one.
    func loadListing(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
        -> (listing: Listing<JSONValue>, dialect: ServerDialect?)
    {
        if await store.knownServerDialect() == nil,
            try listConvention(resource, .v0).learnsDialect(before: query, resent: true)
        {
            // Its own answer would not tell the dialect, which reads the
            // query differently: learn it from one small page first.
            var probe = ListQuery()
            probe.page = 1
            probe.limit = 1
            _ = try await loadListing(resource, probe)
        }
        let start = try await cursorStart(resource, query)
        if start == .beyondEnd { return (Self.pastTheEnd(), nil) }
        let cursor: String? = if case .after(let value) = start { value } else { nil }
        var dialect = await store.serverDialect()
        for attempt in 0..<2 {
            let request = try listRequest(resource, query, dialect, cursor: cursor)
            do throws(NetworkError) {
                let loaded = try await store.load(request)
                let decoded: (Listing<JSONValue>, ServerDialect?)
                do throws(NetworkError) {
                    decoded = try listing(from: loaded, request: request, resource: resource, dialect: dialect)
                } catch {
                    await store.discard(request)
                    throw error
                }
                let (listing, seen) = decoded
                await noteCursor(of: loaded, request: request, route: resource.route)
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

    public func create(_ resource: ResourceDescriptor, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        let answer = try await send(resource, .create(fields), invalidates: true)
        return try await written(answer, resource, id: nil, sent: fields)
    }

    public func update(_ resource: ResourceDescriptor, id: String, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    {
        if resource.route?.replacesOnUpdate == true, !resource.isObject {
            // Only `PUT` is documented: the whole record, changed.
            guard case .object(var whole) = try await record(resource, id: id) else {
                throw ServiceError(.badData, "\(resource.singular) \(id) is not an object")
            }
            for (key, value) in fields { whole[key] = value }
            let answer = try await send(resource, .replace(id: id, whole), invalidates: true)
            return try await written(answer, resource, id: id, sent: fields)
        }
        let answer = try await send(
            resource, resource.isObject ? .updateObject(fields) : .update(id: id, fields), invalidates: true)
        return try await written(answer, resource, id: id, sent: fields)
    }

    /// The collections json-server's convention finds in `/db` (v0, and
    /// `trestle serve` in both dialects): top-level arrays are collections,
    /// objects object resources. A server without it (404, not JSON), or
    /// found to speak another convention, names nothing.
    public func discoverResources() async -> [DiscoveredResource] {
        if found.isOtherThanJSONServer { return [] }
        guard let convention = conventions.named(.jsonServer) else { return [] }
        let network = network
        // No root read: the convention asks `/db` under the base URL.
        let root = ConventionAnswer(url: baseURL, status: 404, data: Data())
        let discovery = await convention.discover(root: root) { url in
            var request = Networking.request(.get, url) |> withAcceptJSON
            if let scan = ConventionProbe.bodyScan { request = request |> withBodyScan(scan) }
            return (try? await network.send(request)).map(ConventionDetector.answer)
        }
        return (discovery?.resources ?? []).map { DiscoveredResource(name: $0.name, isObject: $0.isObject) }
    }

    public func delete(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) {
        _ = try await send(resource, .delete(id: id), invalidates: true, expectsRecord: false)
    }
}
