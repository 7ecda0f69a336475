import Foundation

/// What a collection's server does with a list query: whether it searches
/// free text (and in which parameter), which filter operators it applies
/// and whether it sorts. The list asks this before it sends a query: what
/// the server cannot do is done over the loaded rows instead, and the
/// screen never says the server did what it did not.
public struct ListCapabilities: Sendable, Hashable {
    /// The query parameter a free-text search is sent in (`q`, `search`,
    /// `$filter`, `filter[q]`); `nil`: the server cannot search.
    public var searchParameter: String?
    /// The filter operators the server applies, on any field.
    public var filterOperators: Set<ListQuery.Filter.Operator>
    /// Whether the server sorts.
    public var sorts: Bool
    /// Fields the server cannot sort by though it sorts others (JSON:API's
    /// relationships: its specification sorts attributes only).
    public var unsortableFields: Set<String>
    /// The operators the server applies by field, where it says which
    /// (a Django REST view's declared lookups: `year: >= <=`, `publisher: =`);
    /// `nil`: ``filterOperators`` on any field.
    public var declaredFilters: [String: Set<ListQuery.Filter.Operator>]?

    public init(
        searchParameter: String?, filterOperators: Set<ListQuery.Filter.Operator>, sorts: Bool,
        unsortableFields: Set<String> = []
    ) {
        self.searchParameter = searchParameter
        self.filterOperators = filterOperators
        self.sorts = sorts
        self.unsortableFields = unsortableFields
    }

    /// Whether the server sorts by `field`.
    public func sorts(by field: String) -> Bool {
        sorts && !unsortableFields.contains(field)
    }

    /// json-server (either dialect): `q` (v1: `_where`), every operator, `_sort`.
    public static let jsonServer = ListCapabilities(
        searchParameter: "q", filterOperators: Set(ListQuery.Filter.Operator.allCases), sorts: true)

    /// Whether the server applies `filter` on `route`: an operator it
    /// knows (on that field, where it declares its filters), or an equality
    /// that a nested route stands for (`/authors/3/books` for `author=3`).
    public func applies(_ filter: ListQuery.Filter, on route: ResourceRoute?) -> Bool {
        if filter.op == .equal, route?.nestedRoutes[filter.field] != nil { return true }
        guard filterOperators.contains(filter.op) else { return false }
        guard let declaredFilters else { return true }
        return declaredFilters[filter.field]?.contains(filter.op) == true
    }
}

extension ResourceDescriptor {
    /// What this collection's server does with a list query, as its
    /// convention says (a collection without a route is json-server's, as is
    /// a route that pages in json-server's words).
    public func listCapabilities(in registry: ConventionRegistry = .builtIn) -> ListCapabilities {
        guard let route, route.paging != .jsonServer else { return .jsonServer }
        return registry.reading(route).capabilities(route: route)
    }

    /// How a search for `text` is sent, as the request spells it
    /// (`q=lantern`, `search=Volume 37`, `$filter=contains(Name,'x')`);
    /// `nil` when the server cannot search.
    public func searchWords(_ text: String, in registry: ConventionRegistry = .builtIn) -> String? {
        let capabilities = listCapabilities(in: registry)
        guard let parameter = capabilities.searchParameter else { return nil }
        guard let route, route.paging != .jsonServer else { return "\(parameter)=\(text)" }
        let items = registry.reading(route).queryItems(ListQuery(search: text), route: route, cursor: nil)
        let sent = items.first { $0.name == parameter }?.value ?? text
        return "\(parameter)=\(sent)"
    }
}

extension ConventionName {
    /// The name a person knows the convention by ("HAL", "Django REST"),
    /// as the convention of that name in `registry` says it; the name as
    /// spelt for one it does not know.
    public func displayName(in registry: ConventionRegistry = .builtIn) -> String {
        registry.named(self)?.displayName ?? rawValue
    }
}
