import Foundation
import JSON

/// Answers page-only list requests (`GET /todos?_page=2&_limit=500`, no
/// filter, sort or search) from a ``LazyDatabase``, parsing only the
/// records of that page; the answer is byte for byte what
/// ``JSONServerRouter`` gives over the parsed file (the same functions
/// build headers, links, bodies and `ETag`s). `nil` for every other
/// request: those need the whole data.
struct LazyListFront: Sendable {
    let database: LazyDatabase
    let dialect: JSONServerDialect

    /// The most records answered here; a larger slice is left to the full engine.
    static let largestPage = 10_000
    /// The query parameters of a page-only v0 request.
    static let pagingWords: Set<String> = ["_page", "_limit", "_start", "_end"]

    /// The answer and the collection listed; `nil` when the request needs the whole data.
    func answer(_ request: EngineRequest) -> (response: EngineResponse, collection: String)? {
        guard request.method == "GET" || request.method == "HEAD" else { return nil }
        let segments = request.path.split(separator: "/").map(JSONServerRouter.decodePathSegment)
        guard segments.count == 1, !JSONServerRouter.isOpenAPIDocument(segments),
            let elements = database.collections[segments[0]]
        else { return nil }
        if let changed = database.changedOnDisk { return (changed, segments[0]) }
        let routed: EngineResponse?
        do {
            routed = try dialect == .v1 ? listV1(elements, request: request) : list(elements, request: request)
        } catch {
            return (database.problem(.malformed(error)), segments[0])
        }
        return routed.map { (JSONServerRouter.sent(JSONServerRouter.tagged($0), for: request), segments[0]) }
    }

    /// v0: `_page`/`_limit` or `_start`/`_end`/`_limit`.
    private func list(_ elements: JSONOutline.Elements, request: EngineRequest) throws(JSONParseError)
        -> EngineResponse?
    {
        guard request.query.allSatisfy({ Self.pagingWords.contains($0.name) }),
            let query = try? CollectionQuery(request.query)
        else { return nil }
        return try page(of: elements, count: elements.count, query: query, request: request) { $0 }
    }

    /// The page `query` asks for of a list of `count` items, the item at
    /// position `p` being element `element(p)`; `nil` when it is larger than
    /// ``largestPage``.
    private func page(
        of elements: JSONOutline.Elements, count: Int, query: CollectionQuery, request: EngineRequest,
        element: (Int) -> Int
    ) throws(JSONParseError) -> EngineResponse? {
        let slice = ListSlice(count: count, query: query)
        guard slice.range.count <= Self.largestPage else { return nil }
        var items: [JSONValue] = []
        for position in slice.range { items.append(try database.item(element(position), of: elements)) }
        let headers = JSONServerRouter.listHeaders(count: count, slice: slice, query: query, request: request)
        let body = JSONServerRouter.listBody(count: items.count) { position, body in
            JSONWriter.write(items[position], pretty: true, indent: 1, into: &body)
        }
        return .json(status: 200, bytes: body, headers: headers)
    }

    // MARK: - Requests answered from an index

    /// The collection whose ``OutlineIndex`` can answer `request`: a list
    /// with a search, filters and a sort (`GET /name?q=…&userId=3&_sort=title&_page=1`,
    /// v1 `GET /name?views:gt=3&_sort=-id`), or in v0 a record (`GET
    /// /name/id`); `nil` for every other request. ``answer(_:indexed:in:)``
    /// may still find it needs the whole data.
    func indexedCollection(for request: EngineRequest) -> String? {
        guard request.method == "GET" || request.method == "HEAD" else { return nil }
        let segments = request.path.split(separator: "/").map(JSONServerRouter.decodePathSegment)
        let most = dialect == .v0 ? 2 : 1
        guard (1...most).contains(segments.count), database.collections[segments[0]] != nil else { return nil }
        return segments[0]
    }

    /// The answer to a request from ``indexedCollection(for:)``, from the
    /// collection's index and the records it names, byte for byte the full
    /// engine's; `nil` when it needs the whole data (`_embed`, nested or
    /// unindexed fields, a sort over values of mixed kinds, a needle that
    /// is not ASCII, v0 ids that are not all integers, a page over ``largestPage``).
    func answer(_ request: EngineRequest, indexed index: OutlineIndex, in collection: String) -> EngineResponse? {
        guard let elements = database.collections[collection], index.columns.count == elements.count else {
            return nil
        }
        if let changed = database.changedOnDisk { return changed }
        let segments = request.path.split(separator: "/").map(JSONServerRouter.decodePathSegment)
        do {
            let routed: EngineResponse?
            if segments.count == 2 {
                routed = try record(segments[1], of: elements, columns: index.columns, request: request)
            } else {
                routed = try list(elements, request: request, indexed: index)
            }
            return routed.map { JSONServerRouter.sent(JSONServerRouter.tagged($0), for: request) }
        } catch {
            return database.problem(.malformed(error))
        }
    }

    /// A list from the index: the positions the query picks, in order, and the page of them.
    private func list(_ elements: JSONOutline.Elements, request: EngineRequest, indexed index: OutlineIndex)
        throws(JSONParseError) -> EngineResponse?
    {
        guard dialect == .v0 else { return try listV1(elements, request: request, indexed: index) }
        guard let query = try? CollectionQuery(request.query),
            let matches = IndexedQuery.positions(of: query, in: index)
        else { return nil }
        return try page(of: elements, count: matches.count, query: query, request: request) { matches[$0] }
    }

    /// v1: conditions, `_sort` and paging from the index (a search or
    /// `_embed` needs the whole data); a refused query is refused here too.
    private func listV1(_ elements: JSONOutline.Elements, request: EngineRequest, indexed index: OutlineIndex)
        throws(JSONParseError) -> EngineResponse?
    {
        let query = V1ListQuery(request.query)
        if let refusal = query.refusal { return refusal }
        guard query.embeds.isEmpty, query.search.isEmpty,
            let matches = IndexedQuery.positionsV1(clause: query.clause, sortKeys: query.sortKeys, in: index)
        else { return nil }
        let range = query.paging.isPartial ? query.paging.range(count: matches.count) : 0..<matches.count
        guard range.count <= Self.largestPage else { return nil }
        var items: [JSONValue] = []
        for position in range {
            guard let item = JSONServerRouter.withStringID(try database.item(matches[position], of: elements)) else {
                return nil
            }
            items.append(item)
        }
        return query.paging.response(count: matches.count, items: items)
    }

    /// A record by id, as the router shows one without `_embed`/`_expand`.
    private func record(_ id: String, of elements: JSONOutline.Elements, columns: RecordColumns, request: EngineRequest)
        throws(JSONParseError) -> EngineResponse?
    {
        let query = try? CollectionQuery(request.query)  // a bad `_like` does not matter here, as in the router
        guard (query?.embed ?? []).isEmpty, (query?.expand ?? []).isEmpty, columns.ids != nil else { return nil }
        guard let position = columns.position(ofID: id) else { return .notFound }
        return .json(status: 200, try database.item(position, of: elements))
    }

    /// The answer to a v0 GET whose first path segment the file does not
    /// have at all (a todo's `/users/1` in a file of todos): `404 {}`, as
    /// the router gives, without the whole data.
    func absent(_ request: EngineRequest) -> EngineResponse? {
        guard dialect == .v0, request.method == "GET" || request.method == "HEAD" else { return nil }
        let segments = request.path.split(separator: "/").map(JSONServerRouter.decodePathSegment)
        guard let first = segments.first, segments.count <= 2, first != "db",
            !JSONServerRouter.isOpenAPIDocument(segments), !database.names.contains(first)
        else { return nil }
        return JSONServerRouter.sent(.notFound, for: request)
    }

    /// v1: `_page`/`_per_page` or `_start`/`_end`/`_limit`; ids as v1 keeps them.
    private func listV1(_ elements: JSONOutline.Elements, request: EngineRequest) throws(JSONParseError)
        -> EngineResponse?
    {
        var paging = V1Paging()
        for item in request.query where !paging.read(item) { return nil }
        guard paging.isPartial else { return nil }
        let range = paging.range(count: elements.count)
        guard range.count <= Self.largestPage else { return nil }
        var items: [JSONValue] = []
        for index in range {
            // An item without an id gets a generated one: only the full engine can.
            guard let item = JSONServerRouter.withStringID(try database.item(index, of: elements)) else { return nil }
            items.append(item)
        }
        return paging.response(count: elements.count, items: items)
    }
}
