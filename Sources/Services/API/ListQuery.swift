import Foundation

/// What a list asks the server for: filters, sort, paging and search, in
/// json-server's query vocabulary.
public struct ListQuery: Sendable, Hashable {
    /// A `field=value` filter (`userId=3`, `completed=false`).
    public struct Filter: Sendable, Hashable {
        public var field: String
        public var value: String

        public init(_ field: String, _ value: String) {
            self.field = field
            self.value = value
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
        var items = filters.map { URLQueryItem(name: $0.field, value: $0.value) }
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
