import Foundation
import JSON
import Networking

/// Django REST framework (and Rails-style APIs that look alike): the API
/// root is an object of collection URLs (`{"books": "http://h/api/books/"}`),
/// a page is `{count, next, previous, results}` (or a plain array),
/// paging is `page`/`page_size` or `limit`/`offset` (read from the first
/// page's `next`), sort is `ordering=-x`, search `search=`, filters
/// django-filter's `field__gte=` — each only where the service's OpenAPI
/// document says the view takes it, when it has one (``DjangoSchema``);
/// search is never claimed without one. Trailing slashes are kept exactly as the
/// root gives them: `/api/books/` → `/api/books/3/`.
public struct DjangoConvention: ServiceConvention {
    /// How long discovery waits for the OpenAPI document once asked:
    /// drf-spectacular builds it on every request, which takes seconds on a
    /// large API, and detection has a deadline of its own. A document that
    /// comes later is not read (the routes claim no search).
    public var schemaWait: Duration

    public init(schemaWait: Duration = .seconds(3)) { self.schemaWait = schemaWait }

    public var name: ConventionName { .django }
    public var displayName: String { "Django REST" }
    public func sourceWords(_ source: DiscoverySource) -> SourceWords { .djangoRoot }

    /// An object whose every member is a link (a URL or a rooted path):
    /// DefaultRouter's API root.
    public func claims(root: ConventionAnswer) -> Bool {
        guard case .object(let object)? = root.json, !object.isEmpty else { return false }
        return object.allSatisfy { member in
            guard let text = member.value.stringValue else { return false }
            return ConventionPath.isAddress(text)
        }
    }

    /// The root's collections, each with its count, paging, columns and
    /// relations read from its first page, and what its view applies of a
    /// query from the service's OpenAPI document where there is one
    /// (``DjangoSchema``): all asked together (``LinkedRoot``).
    public func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? {
        guard claims(root: root), case .object(let object)? = root.json else { return nil }
        let named = object.compactMap { name, value in value.stringValue.map { (name: name, href: $0) } }
        let wait = schemaWait
        guard
            let linked = await LinkedRoot.follow(
                named, root: root.url, documents: Self.schemaURLs(root: root.url), fetch: fetch,
                documentFetch: { url in await Self.fetch(url, within: wait, fetch) })
        else { return nil }
        let collections = linked.collections { link, first in
            DjangoCollection(name: link.name, path: link.path, first: first, root: root.url)
        }
        var found = LinkedRoot.discovery(of: collections, convention: name, source: .djangoRoot)
        // What each view applies of a query, where the service's document says.
        if let schema = linked.documents.lazy.compactMap({ $0.flatMap(DjangoSchema.init) }).first {
            for (index, link) in linked.links.enumerated() {
                guard var route = found.resources[index].route else { continue }
                schema.apply(to: &route, url: link.url)
                found.resources[index].route = route
            }
        }
        return found
    }

    /// `{count, next, previous, results}` (next resolved against the page's
    /// URL), or a plain array (no pagination); a page whose rows contradict
    /// a filter it was asked for (one the view does not declare, which
    /// django-filter ignores) is an error that names the filter.
    public func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage {
        let root = try Self.json(of: answer)
        guard let items = root.arrayValue ?? root["results"]?.arrayValue else {
            throw .decoding(path: "results", reason: "expected an array of records")
        }
        if let ignored = DjangoFilterCheck.ignored(in: answer.url, records: items) {
            throw .ignoredFilter(filter: ignored.filter, id: ignored.id, field: ignored.field, value: ignored.value)
        }
        if root.arrayValue != nil {
            return ConventionPage(records: items, total: answer.totalCount, next: answer.links["next"])
        }
        let next = root["next"]?.stringValue.flatMap { ConventionPath.resolve($0, against: answer.url) }
        return ConventionPage(
            records: items, total: root["count"]?.intValue ?? answer.totalCount, next: next ?? answer.links["next"],
            last: answer.links["last"])
    }

    /// Filters as django-filter spells lookups (`year__gte=2000`,
    /// `title__icontains=war`, `genre__in=a,b`), `ordering=-x,y`, `search=`, paging.
    public func queryItems(_ query: ListQuery, route: ResourceRoute, cursor: String?) -> [URLQueryItem] {
        var plain = query
        plain.filters = []
        var items = query.filters.map(Self.item)
        items += route.queryItems(plain, filters: [], cursor: cursor)
        return items
    }

    /// `search=` where the route has a search parameter (its view
    /// documents one: ``DjangoSchema``), `ordering=` where it sorts, and
    /// the lookups its view declares; without a document, every lookup
    /// ``item(_:)`` spells (a page that shows one ignored is an error that
    /// names it: ``DjangoFilterCheck``).
    public func capabilities(route: ResourceRoute) -> ListCapabilities {
        var capabilities = ListCapabilities(
            searchParameter: route.searchParameter, filterOperators: Set(ListQuery.Filter.Operator.allCases),
            sorts: route.sortParameter != nil)
        capabilities.declaredFilters = DjangoSchema.declaredFilters(of: route)
        return capabilities
    }

    /// `fetch(url)`, or `nil` once `limit` has passed (the request is then cancelled).
    static func fetch(_ url: URL, within limit: Duration, _ fetch: @escaping ConventionFetch) async
        -> ConventionAnswer?
    {
        let (answers, continuation) = AsyncStream.makeStream(of: ConventionAnswer?.self)
        let fetching = Task {
            continuation.yield(await fetch(url))
            continuation.finish()
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            continuation.yield(nil)
            continuation.finish()
        }
        var first = answers.makeAsyncIterator()
        let answer = await first.next() ?? nil
        fetching.cancel()
        timer.cancel()
        return answer
    }

    /// Where discovery looks for the service's OpenAPI document, given its
    /// API root (``DjangoSchema/candidates(root:)``).
    public static func schemaURLs(root: URL) -> [URL] { DjangoSchema.candidates(root: root) }

    static func item(_ filter: ListQuery.Filter) -> URLQueryItem {
        let suffix: String
        switch filter.op {
        case .equal: suffix = ""
        case .notEqual: return URLQueryItem(name: filter.field + "__ne", value: filter.value)
        case .less: suffix = "__lt"
        case .lessOrEqual: suffix = "__lte"
        case .greater: suffix = "__gt"
        case .greaterOrEqual: suffix = "__gte"
        case .contains: suffix = "__icontains"
        case .oneOf: return URLQueryItem(name: filter.field + "__in", value: filter.values.joined(separator: ","))
        }
        return URLQueryItem(name: filter.field + suffix, value: filter.value)
    }
}

extension ConventionName {
    /// Django REST framework (and Rails-style trailing-slash APIs).
    public static let django = ConventionName("drf")
}

extension DiscoverySource {
    /// A Django REST framework API root.
    public static let djangoRoot = DiscoverySource("djangoRoot")
}
