import Foundation
import JSON

/// How the collection of a service described by an API document (OpenAPI)
/// is asked for where it differs from json-server: its path, its paging
/// words, the envelope around its records and the nested routes that
/// stand for filters (`/authors/{id}/books` for `books?author_id=`).
///
/// A descriptor without one (`ResourceDescriptor.route == nil`) is asked
/// for in json-server's words, in the dialect the store learnt.
public struct ResourceRoute: Sendable, Hashable {
    /// The paging words of a collection.
    public enum Paging: Sendable, Hashable, Codable {
        /// json-server's `_page`/`_limit` (or `_per_page`), in the dialect learnt.
        case jsonServer
        /// A page number and a page size (`page`/`per_page`, `page`/`size`);
        /// `first` is the number of the first page (Spring counts from 0).
        case pages(page: String, size: String?, first: Int)
        /// `limit`/`offset`.
        case offset(limit: String, offset: String)
        /// A cursor (`cursor`, `after`, `page_token`, `starting_after`): the
        /// first page is asked without it, each next one with the value the
        /// page before answered at `next` (`next_cursor`, `meta.next`; a URL
        /// there gives its `parameter`); `size` asks for the page size.
        case cursor(parameter: String, size: String?, next: String)
        /// No paging: one request answers the whole collection.
        case none
    }

    /// The collection's path under the base URL (`/books`, `/api/v1/books`);
    /// a record is at `path/<id>`.
    public var path: String
    public var paging: Paging
    /// The envelope's array of records (`items`, `data`, `results`,
    /// `content`); `nil` when the answer is a plain array.
    public var itemsKey: String?
    /// The envelope's total (`total`, `count`, `totalElements`).
    public var totalKey: String?
    /// Filters by equality on these fields go to a nested route instead:
    /// `author_id` → `/authors/{}/books` (`{}` stands for the value).
    public var nestedRoutes: [String: String]
    /// The query parameter that sorts (`sort`, `order_by`), if any: its value
    /// is the field, `-field` descending.
    public var sortParameter: String?
    /// Sort keys as Spring's `Pageable` reads them (`sort=title,desc`, one
    /// parameter per key) instead of `sort=-title`.
    public var sortsWithDirection = false
    /// The query parameter of a free-text search (`q`, `search`), if any.
    public var searchParameter: String?
    /// Whether changes are sent as `PUT` of the whole record (no `PATCH` documented).
    public var replacesOnUpdate: Bool
    /// The values a field may take where the document lists them (an
    /// `enum`), for the command line's completion (`genre=` → `genre=novel`).
    public var choices: [String: [String]] = [:]
    /// The convention that spells this route's requests and reads its
    /// answers (`ServiceConvention`); an OpenAPI document's routes by default.
    public var convention: ConventionName = .openAPI
    /// Facts the convention found at discovery and reads back when it spells
    /// requests (a JSON:API type, an OData key's Edm type); opaque to the rest.
    public var facts: [String: String] = [:]
    /// Where a record lives when the service's document says so
    /// (`/books/{}`, `{}` for the id): the document's record path as it is
    /// written, its trailing slash or none; `nil`: `path/<id>`.
    public var recordPath: String?
    /// Whether a record can be asked for alone (`GET` on its path). A
    /// document whose record path takes only writes (`PATCH`, `PUT`,
    /// `DELETE`) says it cannot: the list's copy of a record is all there is.
    public var readsRecords = true
    /// Query parameters the document requires of every list request, with
    /// the value to send when the query itself sends none (their default or
    /// example; `limit` the page size, `offset` 0).
    public var requiredQuery: [URLQueryItem] = []

    public init(
        path: String, paging: Paging = .none, itemsKey: String? = nil, totalKey: String? = nil,
        nestedRoutes: [String: String] = [:], sortParameter: String? = nil, searchParameter: String? = nil,
        replacesOnUpdate: Bool = false
    ) {
        self.path = path
        self.paging = paging
        self.itemsKey = itemsKey
        self.totalKey = totalKey
        self.nestedRoutes = nestedRoutes
        self.sortParameter = sortParameter
        self.searchParameter = searchParameter
        self.replacesOnUpdate = replacesOnUpdate
    }

    /// The path a list with `filters` is asked at, and the filters left for
    /// its query: an equality filter on a nested route's key becomes the path.
    public func resolved(_ filters: [ListQuery.Filter]) -> (path: String, filters: [ListQuery.Filter]) {
        var rest = filters
        for (index, filter) in filters.enumerated() where filter.op == .equal {
            guard let template = nestedRoutes[filter.field] else { continue }
            let value =
                filter.value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
                ?? filter.value
            rest.remove(at: index)
            return (template.replacingOccurrences(of: "{}", with: value), rest)
        }
        return (path, rest)
    }

    /// The query items of a list in this route's words (json-server paging
    /// excepted: that one is written by the dialect).
    /// `cursor` is the value that asks for `query.page` of a cursor-paged
    /// collection (`nil` for its first page).
    public func queryItems(_ query: ListQuery, filters: [ListQuery.Filter], cursor: String? = nil) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        for filter in filters {
            if filter.op == .oneOf {
                items += filter.values.map { URLQueryItem(name: filter.field, value: $0) }
            } else {
                items.append(URLQueryItem(name: filter.field, value: filter.value))
            }
        }
        if let sortParameter, !query.sort.isEmpty {
            if sortsWithDirection {
                items += query.sort.map {
                    URLQueryItem(name: sortParameter, value: $0.field + ($0.descending ? ",desc" : ",asc"))
                }
            } else {
                let keys = query.sort.map { ($0.descending ? "-" : "") + $0.field }
                items.append(URLQueryItem(name: sortParameter, value: keys.joined(separator: ",")))
            }
        }
        if let searchParameter, let search = query.search, !search.isEmpty {
            items.append(URLQueryItem(name: searchParameter, value: search))
        }
        switch paging {
        case .jsonServer, .none:
            break
        case .pages(let page, let size, let first):
            if let number = query.page { items.append(URLQueryItem(name: page, value: String(number - 1 + first))) }
            if let size, let limit = query.limit { items.append(URLQueryItem(name: size, value: String(limit))) }
        case .offset(let limit, let offset):
            if let count = query.limit {
                items.append(URLQueryItem(name: limit, value: String(count)))
                if let page = query.page { items.append(URLQueryItem(name: offset, value: String((page - 1) * count))) }
            }
        case .cursor(let parameter, let size, _):
            if let size, let limit = query.limit { items.append(URLQueryItem(name: size, value: String(limit))) }
            if let cursor { items.append(URLQueryItem(name: parameter, value: cursor)) }
        }
        for required in requiredQuery where !items.contains(where: { $0.name == required.name }) {
            items.append(required)
        }
        return items
    }

    /// The cursor of the page after the one `root` answered, for a
    /// cursor-paged collection: the value at the envelope's `next` path, or
    /// the cursor parameter of the URL there; `nil` after the last page.
    public func nextCursor(in root: JSONValue) -> String? {
        guard case .cursor(let parameter, _, let next) = paging else { return nil }
        var value: JSONValue? = root
        for key in next.split(separator: ".") { value = value?[String(key)] }
        let text: String
        switch value {
        case .string(let string)?: text = string
        case .int(let number)?: text = String(number)
        default: return nil
        }
        guard !text.isEmpty else { return nil }
        if text.contains("?"), let components = URLComponents(string: text),
            let found = components.queryItems?.first(where: { $0.name == parameter })?.value
        {
            return found
        }
        return text
    }

    /// The `next` of a cursor that the `Link: <…>; rel="next"` header gives.
    public static let linkHeader = "Link"

    /// The cursor of the page after the one answered with `link` as its
    /// `Link: rel="next"`, where the route reads the header (`next` is ``linkHeader``).
    public func nextCursor(in root: JSONValue, link: URL?) -> String? {
        guard case .cursor(let parameter, _, let next) = paging else { return nil }
        guard next == Self.linkHeader else { return nextCursor(in: root) }
        guard let link, let components = URLComponents(url: link, resolvingAgainstBaseURL: true) else { return nil }
        return components.queryItems?.first { $0.name == parameter }?.value
    }

    /// Whether the collection is asked page after page by a cursor.
    public var isCursorPaged: Bool {
        if case .cursor = paging { return true }
        return false
    }

    /// Whether the server is asked page by page.
    public var pages: Bool {
        if case .none = paging { return false }
        return true
    }

    /// Whether a list asked without a page still answers only a page (the
    /// service pages on its own): every paging but json-server's, whose
    /// `_page` pages only when it is sent.
    public var pagesUnasked: Bool { pages && paging != .jsonServer }
}
