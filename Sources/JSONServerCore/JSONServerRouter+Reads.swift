import Foundation
import JSON

/// GET answers: lists, single items, singular resources, embed and expand.
extension JSONServerRouter {
    mutating func list(_ name: String, request: EngineRequest, extraFilter: QueryItem? = nil) -> EngineResponse {
        guard let items = database.collections[name] else { return .notFound }
        if searchIndexes[name]?.count != items.count { unindexedListing = name }
        let query: CollectionQuery
        do {
            query = try CollectionQuery(request.query + (extraFilter.map { [$0] } ?? []))
        } catch {
            return .error(status: 400, "Invalid regular expression in _like: \(error.pattern)")
        }
        let matching =
            indexedPositions(name, items, query: query)
            ?? QueryEngine.sort(
                QueryEngine.matchingIndices(items, query: query, searchHits: searchHits(name, items, query: query)),
                of: items, query: query)
        let slice = ListSlice(count: matching.count, query: query)
        let page = matching[slice.range]
        let headers = Self.listHeaders(count: matching.count, slice: slice, query: query, request: request)
        let body: [UInt8]
        if query.embed.isEmpty && query.expand.isEmpty {
            body = Self.listBody(count: page.count) { position, body in
                appendEncodedItem(name, page[page.startIndex + position], of: items, to: &body)
            }
        } else {
            let relations = Relations(database: database, parent: name, embed: query.embed, expand: query.expand)
            body = JSONWriter.bytes(.array(page.map { relations.apply(to: items[$0]) }), pretty: true)
        }
        return .json(status: 200, bytes: body, headers: headers)
    }

    /// The headers of a list answer of `count` matching items: the total
    /// when sliced, and the page links when paged.
    static func listHeaders(count: Int, slice: ListSlice, query: CollectionQuery, request: EngineRequest)
        -> [HeaderField]
    {
        var headers: [HeaderField] = []
        if query.isSliced {
            headers.append(HeaderField(name: "X-Total-Count", value: String(count)))
            headers.append(
                HeaderField(
                    name: "Access-Control-Expose-Headers",
                    value: slice.isPaged ? "X-Total-Count, Link" : "X-Total-Count"))
        }
        if let link = slice.linkHeader(baseURL: request.baseURL, path: request.path, query: request.query) {
            headers.append(HeaderField(name: "Link", value: link))
        }
        return headers
    }

    /// A list body of `count` items, each written by `appendItem(position, &body)`
    /// as pretty JSON at list indentation.
    static func listBody(count: Int, appendItem: (Int, inout [UInt8]) -> Void) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(count * 160 + 4)
        body.append(UInt8(ascii: "["))
        for position in 0..<count {
            if position > 0 { body.append(UInt8(ascii: ",")) }
            body.append(contentsOf: [0x0A, 0x20, 0x20])
            appendItem(position, &body)
        }
        if count > 0 { body.append(0x0A) }
        body.append(UInt8(ascii: "]"))
        return body
    }

    /// The items matching the query's full-text search, from the collection's
    /// ``SearchIndex`` (built on first use); `nil` when there is no search or
    /// the index cannot answer this needle.
    private mutating func searchHits(_ name: String, _ items: [JSONValue], query: CollectionQuery) -> [Int]? {
        guard let search = query.search, let needle = SearchIndex.indexableNeedle(search) else { return nil }
        if searchIndexes[name]?.count != items.count { searchIndexes[name] = SearchIndex(items) }
        return searchIndexes[name]?.matchingIndices(needle)
    }

    /// Installs `index`, built elsewhere from collection `name` as it was
    /// at write generation `generation`; ignored when a write came since.
    mutating func install(_ index: SearchIndex, for name: String, generation: UInt64) {
        guard generation == writeGeneration, database.collections[name]?.count == index.count else { return }
        searchIndexes[name] = index
    }

    func show(_ name: String, id: String, request: EngineRequest) -> EngineResponse {
        guard let items = database.collections[name],
            let index = index(of: id, in: items, field: database.idField(of: name))
        else { return .notFound }
        let query = try? CollectionQuery(request.query)  // a bad `_like` does not matter here
        let embed = query?.embed ?? []
        let expand = query?.expand ?? []
        guard !embed.isEmpty || !expand.isEmpty else { return .json(status: 200, items[index]) }
        let relations = Relations(database: database, parent: name, embed: embed, expand: expand)
        return .json(status: 200, relations.apply(to: items[index]))
    }

    /// Appends the cached pretty bytes of `items[index]` (serialising on first use).
    private mutating func appendEncodedItem(_ name: String, _ index: Int, of items: [JSONValue], to body: inout [UInt8])
    {
        makeRoomForEncodedItems(name, count: items.count)
        if let bytes = itemCache[name]?[index] {
            body.append(contentsOf: bytes)
            return
        }
        let bytes = JSONWriter.bytes(items[index], pretty: true, indent: 1)
        itemCache[name, default: []][index] = bytes
        body.append(contentsOf: bytes)
    }

    /// Empties the cache of collection `name`'s bytes when it is not of
    /// `count` records (a million empty entries are 8 MB to clear: done
    /// once, ahead of the first list when a server starts).
    mutating func makeRoomForEncodedItems(_ name: String, count: Int) {
        if itemCache[name]?.count != count { itemCache[name] = Array(repeating: nil, count: count) }
    }

    /// Drops cached bytes of collections a write touched.
    mutating func invalidateCache(_ names: some Sequence<String>) {
        for name in names { itemCache[name] = nil }
    }
}

/// `_embed` (children whose `<singular(parent)>Id` is the item's id) and
/// `_expand` (the parent named by the item's `<name>Id`), indexed once per request.
struct Relations {
    private var children: [(name: String, byParent: [String: [JSONValue]])] = []
    private var parents: [(name: String, key: String, byID: [String: JSONValue])] = []

    init(database: JSONDatabase, parent: String, embed: [String], expand: [String]) {
        let foreignKey = Inflector.foreignKey(forParent: parent)
        for name in embed {
            guard let items = database.collections[name] else { continue }
            var groups: [String: [JSONValue]] = [:]
            for item in items {
                guard let key = item[foreignKey], !key.isNull else { continue }
                groups[key.scriptString, default: []].append(item)
            }
            children.append((name, groups))
        }
        for name in expand {
            guard let items = database.collections[Inflector.plural(name)] else { continue }
            var byID: [String: JSONValue] = [:]
            for item in items {
                guard let id = item["id"], !id.isNull else { continue }
                let key = id.scriptString
                if byID[key] == nil { byID[key] = item }
            }
            parents.append((name, name + "Id", byID))
        }
    }

    func apply(to item: JSONValue) -> JSONValue {
        guard case .object(var object) = item else { return item }
        let id = object["id"].map { $0.isNull ? "" : $0.scriptString } ?? ""
        for child in children {
            object[child.name] = .array(child.byParent[id] ?? [])
        }
        for parent in parents {
            let key = object[parent.key].map { $0.isNull ? "" : $0.scriptString } ?? ""
            object[parent.name] = parent.byID[key]
        }
        return .object(object)
    }
}
