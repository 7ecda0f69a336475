import Foundation
import JSON
import Networking

/// A root whose every member describes one resource by its
/// `list_endpoint` (and `schema`), as django-tastypie's `Api` serves it:
/// `{"book": {"list_endpoint": "/api/v1/book/", "schema": "/api/v1/book/schema/"}}`.
/// A page is `{meta, objects}` (`meta.total_count`, `meta.next`,
/// `limit`/`offset`); a record's URL is its `resource_uri`; a to-one
/// field holds the related record's URI (`"author": "/api/v1/author/8/"`);
/// each resource's schema names its fields' types, related types,
/// filters (`year__gte=`) and sort fields (`order_by=-year`). A create may
/// answer `201` with an empty body and a `Location` (the record is read
/// there), a change `202`/`204` with none (it is read again).
public struct TastypieConvention: ServiceConvention {
    public init() {}

    public var name: ConventionName { .tastypie }
    public var displayName: String { "tastypie" }
    public func sourceWords(_ source: DiscoverySource) -> SourceWords { .listEndpoints }

    /// A non-empty object whose every member is an object with a string
    /// `list_endpoint`.
    public func claims(root: ConventionAnswer) -> Bool {
        guard case .object(let object)? = root.json, !object.isEmpty, object.count <= Self.maxResources else {
            return false
        }
        return object.allSatisfy { $0.value["list_endpoint"]?.stringValue != nil }
    }

    /// At most this many resources are read from one root.
    static let maxResources = 200

    /// Each resource's first page (its total, page size, columns and the
    /// URIs that point at other resources) and its schema (fields, filters,
    /// sort fields), all asked at once.
    public func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? {
        guard claims(root: root), case .object(let object)? = root.json else { return nil }
        let named = object.compactMap { name, value in
            value["list_endpoint"]?.stringValue.map { (name: name, href: $0) }
        }
        var schemaOf: [String: URL] = [:]
        for (name, value) in object {
            schemaOf[name] = value["schema"]?.stringValue.flatMap { ConventionPath.resolve($0, against: root.url) }
        }
        // The schemas of the resources followed (under the root) only.
        let followed = Set(LinkedRoot.links(named, root: root.url).map(\.name))
        let schemaURLs = named.filter { followed.contains($0.name) }.compactMap { schemaOf[$0.name] }
        guard let linked = await LinkedRoot.follow(named, root: root.url, documents: schemaURLs, fetch: fetch)
        else { return nil }
        var schemas: [URL: JSONValue] = [:]
        for (index, url) in schemaURLs.enumerated() {
            if let answer = linked.documents[index], (200..<300).contains(answer.status), let json = answer.json {
                schemas[url] = json
            }
        }
        let resources = linked.collections { link, first in
            TastypieResource(
                name: link.name, path: link.path, listURL: link.url, first: first,
                schema: schemaOf[link.name].flatMap { schemas[$0] }, root: root.url)
        }
        return LinkedRoot.discovery(of: resources, convention: name, source: .listEndpoints)
    }

    /// `objects`, the total at `meta.total_count`, `meta.next` resolved
    /// against the page's URL (it is root-relative).
    public func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage {
        let body = try Self.json(of: answer)
        if let items = body.arrayValue {
            return ConventionPage(records: items, total: answer.totalCount, next: answer.links["next"])
        }
        guard let items = body["objects"]?.arrayValue else {
            throw .decoding(path: "objects", reason: "expected an array of records")
        }
        let meta = body["meta"]
        let next = meta?["next"]?.stringValue.flatMap { ConventionPath.resolve($0, against: answer.url) }
        return ConventionPage(
            records: items, total: meta?["total_count"]?.intValue ?? answer.totalCount,
            next: next ?? answer.links["next"])
    }

    /// `/book/3/` under the root; a record's URI (`/api/v1/author/8/`, a
    /// to-one field's value) resolved against the root it came from.
    public func recordPath(id: String, route: ResourceRoute) -> String {
        if id.hasPrefix("/"), let root = route.facts[TastypieResource.rootFact].flatMap(URL.init(string:)),
            let url = ConventionPath.resolve(id, against: root)
        {
            return url.absoluteString
        }
        return ConventionPath.record(id, in: route.path)
    }

    /// Filters as the Django lookups tastypie reads (`year__gte=2000`,
    /// `title__icontains=6`, `author__in=1,2`), `order_by=-year`,
    /// `limit`/`offset`.
    public func queryItems(_ query: ListQuery, route: ResourceRoute, cursor: String?) -> [URLQueryItem] {
        var plain = query
        plain.filters = []
        return query.filters.map(DjangoConvention.item) + route.queryItems(plain, filters: [], cursor: cursor)
    }

    /// No search; the filters and sort fields the resource's schema
    /// declares (no `!=`: tastypie has no such lookup); everything when
    /// there was no schema.
    public func capabilities(route: ResourceRoute) -> ListCapabilities {
        var capabilities = ListCapabilities(
            searchParameter: nil, filterOperators: TastypieResource.lookups, sorts: route.sortParameter != nil)
        capabilities.declaredFilters = TastypieResource.declaredFilters(of: route)
        if let sortable = route.facts[TastypieResource.orderingFact] {
            let allowed = Set(sortable.split(separator: ",").map(String.init))
            let fields = route.facts[TastypieResource.fieldsFact]?.split(separator: ",").map(String.init) ?? []
            capabilities.unsortableFields = Set(fields).subtracting(allowed)
        }
        return capabilities
    }

    /// JSON writes; a to-one field given a bare id (`8`) is sent as the
    /// related record's URI (`/api/v1/author/8/`), as tastypie reads it.
    public func write(_ write: ConventionWrite, route: ResourceRoute) -> ConventionRequest {
        switch write {
        case .create(let fields):
            return jsonRequest(.post, route.path, TastypieResource.linking(fields, route: route))
        case .update(let id, let fields):
            return jsonRequest(.patch, recordPath(id: id, route: route), TastypieResource.linking(fields, route: route))
        case .replace(let id, let fields):
            return jsonRequest(.put, recordPath(id: id, route: route), TastypieResource.linking(fields, route: route))
        case .delete(let id):
            return ConventionRequest(method: .delete, path: recordPath(id: id, route: route))
        }
    }
}

extension ConventionName {
    /// A root of `list_endpoint`s, `{meta, objects}` pages (django-tastypie).
    public static let tastypie = ConventionName("tastypie")
}

extension DiscoverySource {
    /// A root naming each resource's `list_endpoint` (tastypie).
    public static let listEndpoints = DiscoverySource("listEndpoints")
}
