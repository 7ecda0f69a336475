import Foundation

/// What a list asks the server for: filters, sort, paging and search, in
/// json-server's query vocabulary.
public struct ListQuery: Sendable, Hashable {
    /// A filter: `userId=3`, `year>=1990`, `title~lantern`, `id in 1,2,3`.
    public struct Filter: Sendable, Hashable {
        /// How the field is compared with the value.
        public enum Operator: String, Sendable, Hashable, CaseIterable {
            case equal = "="
            case notEqual = "!="
            case less = "<"
            case lessOrEqual = "<="
            case greater = ">"
            case greaterOrEqual = ">="
            /// Contains the text, ignoring case.
            case contains = "~"
            /// One of a comma-separated list.
            case oneOf = "in"
        }

        public var field: String
        public var value: String
        public var op: Operator

        public init(_ field: String, _ value: String, _ op: Operator = .equal) {
            self.field = field
            self.value = value
            self.op = op
        }

        /// `year >= 1990`, `id in 1,2,3`: how the filter line shows it.
        public var description: String { "\(field) \(op.rawValue) \(value)" }

        /// The values of an `in` filter (the value itself for the others).
        public var values: [String] {
            op == .oneOf ? value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [value]
        }

        /// The query items in json-server v0 (0.17): `_ne`, `_gte`, `_lte`,
        /// `_like` (a regular expression, so the text is escaped), repeated
        /// names for `in`. v0 has no strict `<` or `>`: `field_lte=v&field_ne=v`
        /// says the same.
        var v0Items: [URLQueryItem] {
            switch op {
            case .equal: return [URLQueryItem(name: field, value: value)]
            case .notEqual: return [URLQueryItem(name: field + "_ne", value: value)]
            case .lessOrEqual: return [URLQueryItem(name: field + "_lte", value: value)]
            case .greaterOrEqual: return [URLQueryItem(name: field + "_gte", value: value)]
            case .less:
                return [
                    URLQueryItem(name: field + "_lte", value: value), URLQueryItem(name: field + "_ne", value: value),
                ]
            case .greater:
                return [
                    URLQueryItem(name: field + "_gte", value: value), URLQueryItem(name: field + "_ne", value: value),
                ]
            case .contains:
                return [URLQueryItem(name: field + "_like", value: NSRegularExpression.escapedPattern(for: value))]
            case .oneOf: return values.map { URLQueryItem(name: field, value: $0) }
            }
        }

        /// The query item in json-server v1: `field:op=value`.
        var v1Item: URLQueryItem {
            let suffix: String
            switch op {
            case .equal: return URLQueryItem(name: field, value: value)
            case .notEqual: suffix = "ne"
            case .less: suffix = "lt"
            case .lessOrEqual: suffix = "lte"
            case .greater: suffix = "gt"
            case .greaterOrEqual: suffix = "gte"
            case .contains: suffix = "contains"
            case .oneOf: return URLQueryItem(name: field + ":in", value: values.joined(separator: ","))
            }
            return URLQueryItem(name: field + ":" + suffix, value: value)
        }
    }

    /// One sort key (`_sort=title&_order=desc`).
    public struct SortKey: Sendable, Hashable {
        public var field: String
        public var descending: Bool

        public init(_ field: String, descending: Bool = false) {
            self.field = field
            self.descending = descending
        }
    }

    public var filters: [Filter]
    public var sort: [SortKey]
    public var page: Int?
    public var limit: Int?
    public var search: String?

    public init(
        filters: [Filter] = [], sort: [SortKey] = [], page: Int? = nil, limit: Int? = nil,
        search: String? = nil
    ) {
        self.filters = filters
        self.sort = sort
        self.page = page
        self.limit = limit
        self.search = search
    }

    /// The query items, in a stable order so equal queries share a cache entry.
    public var queryItems: [URLQueryItem] {
        var items = filters.flatMap(\.v0Items)
        if !sort.isEmpty {
            items.append(URLQueryItem(name: "_sort", value: sort.map(\.field).joined(separator: ",")))
            items.append(
                URLQueryItem(
                    name: "_order", value: sort.map { $0.descending ? "desc" : "asc" }.joined(separator: ",")))
        }
        if let page { items.append(URLQueryItem(name: "_page", value: String(page))) }
        if let limit { items.append(URLQueryItem(name: "_limit", value: String(limit))) }
        if let search, !search.isEmpty { items.append(URLQueryItem(name: "q", value: search)) }
        return items
    }
}
