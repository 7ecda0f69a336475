import Foundation
import JSON

/// Which query language a json-server-like service speaks, learnt from its
/// first list answer and remembered per service in the cache.
///
/// - `v0`: json-server 0.17 and plain REST servers — a list is an array,
///   `_page`/`_limit`, `_sort`/`_order`, `q`.
/// - `v1`: json-server 1.0 — a page is an envelope (`first`, `prev`,
///   `next`, `last`, `pages`, `items`, `data`), `_page`/`_per_page`,
///   `_sort=-field`, conditions `field:op=value` and `_where`; no `q`.
public enum ServerDialect: String, Sendable, Hashable {
    case v0
    case v1

    /// The dialect a list answer's body reveals: a page envelope means v1;
    /// an array means v0 when a page was asked for (unpaged, both answer
    /// arrays); anything else says nothing.
    static func of(listBody root: JSONValue, paged: Bool) -> ServerDialect? {
        if root.arrayValue != nil { return paged ? .v0 : nil }
        guard case .object(let object) = root, object["data"]?.arrayValue != nil else { return nil }
        let envelope = ["first", "last", "pages", "items"].allSatisfy { object[$0] != nil }
        return envelope ? .v1 : nil
    }
}

extension ListQuery {
    /// The query items in `dialect`; a server search in v1 (which has no
    /// `q`) is an `_where` `or` of `contains` over `searchFields` (none: no
    /// server search, the list filters what it has).
    public func queryItems(for dialect: ServerDialect, searchFields: [String]) -> [URLQueryItem] {
        guard dialect == .v1 else { return queryItems }
        var items = filters.map(\.v1Item)
        if !sort.isEmpty {
            let keys = sort.map { ($0.descending ? "-" : "") + $0.field }
            items.append(URLQueryItem(name: "_sort", value: keys.joined(separator: ",")))
        }
        if let page { items.append(URLQueryItem(name: "_page", value: String(page))) }
        if let limit {
            // json-server v1 pages only with `_page`; a bare limit is a slice.
            items.append(URLQueryItem(name: page == nil ? "_limit" : "_per_page", value: String(limit)))
        }
        if let search, !search.isEmpty, !searchFields.isEmpty {
            // `address.city` nests as `{"address": {"city": {"contains": …}}}`: v1 follows objects, not dotted keys.
            let alternatives: [JSONValue] = searchFields.map { field in
                field.split(separator: ".").reversed().reduce(JSONValue.object(["contains": .string(search)])) {
                    condition, key in .object(JSONObject([(String(key), condition)]))
                }
            }
            let clause = JSONValue.object(JSONObject([("or", .array(alternatives))]))
            items.append(URLQueryItem(name: "_where", value: String(decoding: JSONWriter.data(clause), as: UTF8.self)))
        }
        return items
    }
}
