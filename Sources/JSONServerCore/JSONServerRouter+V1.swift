import Foundation
import JSON

/// json-server v1 (1.0 beta): page envelopes, `_sort=-field`, conditions
/// `field:op=value` and `_where`, string ids the server generates, object
/// resources, `_embed` both ways and `_dependent` deletes.
extension JSONServerRouter {
    /// Query parameters that are not conditions.
    static let v1Reserved: Set<String> = [
        "_sort", "_page", "_per_page", "_embed", "_where", "_start", "_end", "_limit", "_dependent", "q",
    ]

    mutating func routeV1(method: String, segments: [String], request: EngineRequest) -> EngineResponse {
        switch segments.count {
        case 1
        where segments[0] == "db" && method == "GET" && database.collections["db"] == nil
            && database.singulars["db"] == nil:
            // Not in json-server 1.0 (0.17 has it): what a client can learn the resources from.
            return .json(status: 200, database.root)
        case 1:
            let name = segments[0]
            if database.singulars[name] != nil { return objectResource(method: method, name: name, request: request) }
            guard database.collections[name] != nil else { return .notFound }
            switch method {
            case "GET": return listV1(name, request: request)
            case "POST": return createV1(name, request: request)
            default: return .notFound
            }
        case 2:
            let (name, id) = (segments[0], segments[1])
            guard database.collections[name] != nil else { return .notFound }
            switch method {
            case "GET": return showV1(name, id: id, request: request)
            case "PUT", "PATCH": return updateV1(name, id: id, merge: method == "PATCH", request: request)
            case "DELETE": return destroyV1(name, id: id, request: request)
            default: return .notFound
            }
        default:
            return .notFound
        }
    }

    // MARK: - Reads

    mutating func listV1(_ name: String, request: EngineRequest) -> EngineResponse {
        guard var items = database.collections[name] else { return .notFound }
        let query = V1ListQuery(request.query)
        if let refusal = query.refusal { return refusal }
        if let positions = indexedPositionsV1(name, items, query: query) {
            let range = query.paging.isPartial ? query.paging.range(count: positions.count) : 0..<positions.count
            return query.paging.response(count: positions.count, items: range.map { items[positions[$0]] })
        }
        let (clause, sortKeys, paging, embeds, search) = (
            query.clause, query.sortKeys, query.paging, query.embeds, query.search
        )
        if !embeds.isEmpty { items = items.map { embedV1(embeds, into: $0, of: name) } }
        var matching = clause.tree.isEmpty ? items : items.filter(clause.matches)
        if !search.isEmpty { matching = matching.filter { Self.mentions($0, search) } }
        if !sortKeys.isEmpty { matching = Self.sortedV1(matching, by: sortKeys) }
        let page = paging.isPartial ? Array(matching[paging.range(count: matching.count)]) : matching
        return paging.response(count: matching.count, items: page)
    }

    func showV1(_ name: String, id: String, request: EngineRequest) -> EngineResponse {
        guard let items = database.collections[name],
            let index = indexV1(of: id, in: items, field: database.idField(of: name))
        else { return .notFound }
        let embeds = request.query.filter { $0.name == "_embed" }.flatMap { $0.value.split(separator: ",") }
        guard !embeds.isEmpty else { return .json(status: 200, items[index]) }
        return .json(status: 200, embedV1(embeds.map(String.init), into: items[index], of: name))
    }

    /// `_embed=comments` (children pointing here by `postId`) or
    /// `_embed=post` (the parent this item points at by `postId`).
    private func embedV1(_ related: [String], into item: JSONValue, of name: String) -> JSONValue {
        guard case .object(var object) = item else { return item }
        for relation in related {
            if Inflector.singular(relation) == relation {
                guard let parents = database.collections[Inflector.plural(relation)] else { continue }
                let key = object[relation + "Id"] ?? .null
                object[relation] = parents.first { parent in
                    parent["id"].map { WhereClause.same($0, key) } ?? false
                }
            } else {
                guard let children = database.collections[relation] else { continue }
                let foreignKey = Inflector.foreignKey(forParent: name)
                let id = object["id"] ?? .null
                object[relation] = .array(
                    children.filter { child in child[foreignKey].map { WhereClause.same($0, id) } ?? false })
            }
        }
        return .object(object)
    }

    /// Whether any string, number or flag in `value`, at any depth, contains
    /// `needle` (lower-cased), as the newest json-server's `q` does.
    static func mentions(_ value: JSONValue, _ needle: String) -> Bool {
        switch value {
        case .null: return false
        case .string(let text): return text.lowercased().contains(needle)
        case .int, .double, .bool: return value.scriptString.lowercased().contains(needle)
        case .array(let items): return items.contains { mentions($0, needle) }
        case .object(let object): return object.contains { mentions($0.value, needle) }
        }
    }

    /// Sorts by `field` or `-field` keys in turn, stably.
    static func sortedV1(_ items: [JSONValue], by keys: [String]) -> [JSONValue] {
        let parsed = keys.map { key in key.hasPrefix("-") ? (String(key.dropFirst()), true) : (key, false) }
        return items.enumerated().sorted { lhs, rhs in
            for (field, descending) in parsed {
                let order = compareForSortV1(lhs.element.value(atPath: field), rhs.element.value(atPath: field))
                if order != 0 { return descending ? order > 0 : order < 0 }
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// json-server's order, except that strings of digits (v1's ids) sort
    /// as numbers: `_sort=-id` puts "5000" first, not "999".
    static func compareForSortV1(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Int {
        if case .string(let a)? = lhs, case .string(let b)? = rhs, let x = digits(a), let y = digits(b) {
            return x < y ? -1 : (x > y ? 1 : 0)
        }
        return QueryEngine.compareForSort(lhs, rhs)
    }

    private static func digits(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count < 19, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(text)
    }

    /// The item whose `field` (its collection's id field) is `id` (ids are
    /// strings in v1; `1` still finds `"1"`).
    func indexV1(of id: String, in items: [JSONValue], field: String = "id") -> Int? {
        items.firstIndex { $0[field].map { WhereClause.same($0, .string(id)) } ?? false }
    }
}
