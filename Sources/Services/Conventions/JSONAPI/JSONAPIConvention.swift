import Foundation
import JSON
import Networking

/// JSON:API 1.1 (jsonapi.org): a root document whose `links` name the
/// collections; pages of resource objects under `data` whose `attributes`
/// become columns and whose to-one relationships become fields holding the
/// related id; `included` names related records; `links.next/last` and a
/// total in `meta`; `filter[field]` / `filter[field][op]`, `sort=-x`,
/// `page[offset]/[limit]` or `page[number]/[size]`; writes as
/// `{data: {type, id?, attributes, relationships?}}`, all in
/// `application/vnd.api+json`.
public struct JSONAPIConvention: ServiceConvention {
    public init() {}

    public var name: ConventionName { .jsonAPI }
    public var displayName: String { "JSON:API" }
    public func sourceWords(_ source: DiscoverySource) -> SourceWords { .jsonAPILinks }
    public var mediaType: String { JSONAPIDocument.mediaType }

    /// Answered in JSON:API's media type, or a top-level `jsonapi` object,
    /// or top-level `links` beside `data`/`meta` with no other members.
    public func claims(root: ConventionAnswer) -> Bool {
        guard case .object(let object)? = root.json else { return false }
        if root.mediaType == JSONAPIDocument.mediaType || object["jsonapi"]?.objectValue != nil { return true }
        let topLevel: Set<String> = ["data", "links", "meta", "included", "jsonapi"]
        return object["links"]?.objectValue != nil && object.keys.allSatisfy(topLevel.contains)
            && (object["data"] != nil || object["meta"] != nil)
    }

    /// The root's `links` (all but `self`, `describedby` and paging words),
    /// or, where the root's `data` is an object of links rather than a
    /// resource (no `type`: `{"data": {"books": "http://…/books"}}`, a
    /// router's root), those; each collection's first page asked
    /// (``LinkedRoot``) for its total, paging, columns and relationships.
    public func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? {
        guard claims(root: root), let links = Self.collectionLinks(in: root.json) else { return nil }
        let skipped: Set<String> = ["self", "describedby", "related", "first", "last", "prev", "next", "profile"]
        let named = links.compactMap { name, link in
            skipped.contains(name) ? nil : JSONAPIDocument.href(link).map { (name: name, href: $0) }
        }
        guard let linked = await LinkedRoot.follow(named, root: root.url, fetch: fetch) else { return nil }
        let collections = linked.collections { link, first in
            JSONAPICollection(name: link.name, path: link.path, first: first, root: root.url)
        }
        return LinkedRoot.discovery(of: collections, convention: name, source: .jsonAPILinks)
    }

    /// The members naming the root's collections: top-level `links`, else a
    /// `data` object that is no resource object (no `type`) and whose every
    /// member is a link (a string or a link object).
    static func collectionLinks(in root: JSONValue?) -> JSONObject? {
        if case .object(let links)? = root?["links"] { return links }
        guard case .object(let data)? = root?["data"], data["type"] == nil, !data.isEmpty,
            data.allSatisfy({ JSONAPIDocument.href($0.value) != nil })
        else { return nil }
        return data
    }

    /// `data[]` as rows, the total in `meta`, `links.next/last` (else the
    /// `Link` header), `included` keyed by the relationship and id that name it.
    public func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage {
        let document = try Self.json(of: answer)
        guard let data = document["data"]?.arrayValue else {
            throw .decoding(path: "data", reason: "expected an array of resource objects")
        }
        var rows: [JSONValue] = []
        for (index, item) in data.enumerated() {
            guard let row = JSONAPIDocument.row(item) else {
                throw .decoding(path: "data[\(index)]", reason: "expected a resource object with an id")
            }
            rows.append(row)
        }
        return ConventionPage(
            records: rows, total: JSONAPIDocument.total(in: document) ?? answer.totalCount,
            next: JSONAPIDocument.link("next", in: document, origin: answer.url) ?? answer.links["next"],
            last: JSONAPIDocument.link("last", in: document, origin: answer.url) ?? answer.links["last"],
            related: JSONAPIDocument.related(in: document))
    }

    /// The `included` records the resources' to-one relationships point at.
    public func related(in answer: ConventionAnswer, route: ResourceRoute) -> [RelatedKey: JSONValue] {
        answer.json.map(JSONAPIDocument.related) ?? [:]
    }

    /// As the query encoding spells it, but never by a relationship: the
    /// specification sorts by attributes (`sort=author` answers 400).
    public func capabilities(route: ResourceRoute) -> ListCapabilities {
        var capabilities = defaultCapabilities(route: route)
        capabilities.unsortableFields = Set(JSONAPIRouteFacts(route).relationships.keys)
        return capabilities
    }

    /// `data` (one resource object) as a row.
    public func record(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> JSONValue {
        let document = try Self.json(of: answer)
        guard let data = document["data"], let row = JSONAPIDocument.row(data) else {
            throw .decoding(path: "data", reason: "expected a resource object with an id")
        }
        return row
    }

    /// Filters as `filter[field]=value` (`filter[field][ne|lt|le|gt|ge|contains|in]=value`
    /// for the other operators), `sort=-x,y`, the route's paging words.
    public func queryItems(_ query: ListQuery, route: ResourceRoute, cursor: String?) -> [URLQueryItem] {
        var items = query.filters.map(Self.item)
        if !query.sort.isEmpty {
            let keys = query.sort.map { ($0.descending ? "-" : "") + $0.field }
            items.append(URLQueryItem(name: "sort", value: keys.joined(separator: ",")))
        }
        if let search = query.search, !search.isEmpty, let parameter = route.searchParameter {
            items.append(URLQueryItem(name: parameter, value: search))
        }
        let paging = ListQuery(page: query.page, limit: query.limit)
        var plain = route
        plain.sortParameter = nil
        plain.searchParameter = nil
        return items + plain.queryItems(paging, filters: [], cursor: cursor)
    }

    static func item(_ filter: ListQuery.Filter) -> URLQueryItem {
        let op: String
        switch filter.op {
        case .equal: return URLQueryItem(name: "filter[\(filter.field)]", value: filter.value)
        case .notEqual: op = "ne"
        case .less: op = "lt"
        case .lessOrEqual: op = "le"
        case .greater: op = "gt"
        case .greaterOrEqual: op = "ge"
        case .contains: op = "contains"
        case .oneOf:
            return URLQueryItem(name: "filter[\(filter.field)][in]", value: filter.values.joined(separator: ","))
        }
        return URLQueryItem(name: "filter[\(filter.field)][\(op)]", value: filter.value)
    }

    /// `POST {data:{type, attributes}}`, `PATCH {data:{type, id, attributes}}`
    /// (a replace too: JSON:API has no `PUT`), `DELETE`.
    public func write(_ write: ConventionWrite, route: ResourceRoute) -> ConventionRequest {
        let facts = JSONAPIRouteFacts(route)
        switch write {
        case .create(let fields):
            return request(
                .post, route.path,
                JSONAPIDocument.writeBody(type: facts.type, id: nil, fields: fields, relationships: facts.relationships)
            )
        case .update(let id, let fields), .replace(let id, let fields):
            let body = JSONAPIDocument.writeBody(
                type: facts.type, id: id, fields: fields, relationships: facts.relationships)
            return request(.patch, recordPath(id: id, route: route), body)
        case .delete(let id):
            return ConventionRequest(method: .delete, path: recordPath(id: id, route: route))
        }
    }

    private func request(_ method: HTTPMethod, _ path: String, _ body: JSONValue) -> ConventionRequest {
        ConventionRequest(method: method, path: path, body: JSONWriter.data(body), contentType: mediaType)
    }
}

/// What a JSON:API write needs to know of a collection beyond its path:
/// its resource type and its to-one relationships' related types, kept in
/// the route's facts at discovery (`type`, `relationship.author` → `people`).
struct JSONAPIRouteFacts {
    var type: String
    var relationships: [String: String]

    static let relationshipPrefix = "relationship."

    init(type: String, relationships: [String: String]) {
        self.type = type
        self.relationships = relationships
    }

    /// Read back from a route; a route discovery did not describe (a
    /// configured one) is taken to hold resources of its path's last segment.
    init(_ route: ResourceRoute) {
        let last = ConventionPath.trimmingSlashes(route.path).split(separator: "/").last.map(String.init)
        type = route.facts["type"] ?? last ?? route.path
        relationships = [:]
        for (key, value) in route.facts where key.hasPrefix(Self.relationshipPrefix) {
            relationships[String(key.dropFirst(Self.relationshipPrefix.count))] = value
        }
    }

    var facts: [String: String] {
        var result = ["type": type]
        for (name, type) in relationships { result[Self.relationshipPrefix + name] = type }
        return result
    }
}

extension ConventionName {
    /// JSON:API 1.1.
    public static let jsonAPI = ConventionName("jsonapi")
}

extension DiscoverySource {
    /// A JSON:API root's `links`.
    public static let jsonAPILinks = DiscoverySource("jsonAPILinks")
}
