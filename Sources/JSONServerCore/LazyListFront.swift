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

    // MARK: - Full-text search from an index

    /// What a v0 search needs to be answered from a search index: the
    /// collection and the needle, for `GET /name?q=…` with only paging words
    /// beside it and a needle the index can answer; `nil` otherwise (the
    /// whole data is needed).
    func search(_ request: EngineRequest) -> (collection: String, needle: [UInt8])? {
        guard dialect == .v0, request.method == "GET" || request.method == "HEAD" else { return nil }
        let segments = request.path.split(separator: "/").map(JSONServerRouter.decodePathSegment)
        guard segments.count == 1, database.collections[segments[0]] != nil,
            request.query.allSatisfy({ $0.name == "q" || Self.pagingWords.contains($0.name) }),
            let search = (try? CollectionQuery(request.query))?.search,
            let needle = SearchIndex.indexableNeedle(search)
        else { return nil }
        return (segments[0], needle)
    }

    /// The answer to a search from ``search(_:)``, over `index` (built from
    /// the collection's records): byte for byte the full engine's; `nil`
    /// when the page is larger than ``largestPage``.
    func answer(_ request: EngineRequest, searching index: SearchIndex, for needle: [UInt8], in collection: String)
        -> EngineResponse?
    {
        guard let elements = database.collections[collection], index.count == elements.count,
            let query = try? CollectionQuery(request.query)
        else { return nil }
        if let changed = database.changedOnDisk { return changed }
        let matches = index.matchingIndices(needle)
        do {
            let routed = try page(of: elements, count: matches.count, query: query, request: request) { matches[$0] }
            return routed.map { JSONServerRouter.sent(JSONServerRouter.tagged($0), for: request) }
        } catch {
            return database.problem(.malformed(error))
        }
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
