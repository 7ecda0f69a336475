import Foundation
import JSON
import Networking

/// HAL (draft-kelly-json-hal) as Spring Data REST serves it: the root's
/// `_links` name the collections (templated `…{?page,size,sort}`), a page
/// is `_embedded.<rel>` with `page.totalElements/totalPages/number` and
/// `_links.next/last`, a record's id is only in `_links.self`, relation
/// links answer a record (`/books/1/author`) or a collection
/// (`/authors/3/books`), sort is `sort=field,desc`, pages count from 0.
///
/// Rows keep their `_links` (an object: never a column) and gain `id`, the
/// last segment of their self link.
public struct HALConvention: ServiceConvention {
    public init() {}

    public var name: ConventionName { .hal }
    public var displayName: String { "HAL" }
    public func sourceWords(_ source: DiscoverySource) -> SourceWords { .halLinks }
    public var mediaType: String { "application/hal+json" }

    /// A HAL media type, or a root object whose `_links` members carry `href`s.
    public func claims(root: ConventionAnswer) -> Bool {
        if root.mediaType == "application/hal+json" || root.mediaType == "application/prs.hal-forms+json" {
            return true
        }
        guard case .object(let links)? = root.json?["_links"] else { return false }
        return !links.isEmpty && links.allSatisfy { Self.href(of: $0.value) != nil }
    }

    /// The root's links but `self`, `profile`, `search` and `curies`, each
    /// read from its first page (``LinkedRoot``): count, page size, columns
    /// and the relations its first record links.
    public func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? {
        guard case .object(let links)? = root.json?["_links"] else { return nil }
        let named = links.compactMap { rel, link in
            Self.notCollections.contains(rel) ? nil : Self.href(of: link).map { (name: rel, href: $0) }
        }
        guard let linked = await LinkedRoot.follow(named, root: root.url, fetch: fetch) else { return nil }
        let collections = linked.collections { link, first in
            HALCollection(name: link.name, path: link.path, first: first, root: root.url)
        }
        return LinkedRoot.discovery(of: collections, convention: name, source: .halLinks)
    }

    /// `_embedded.<rel>` (the route's key, else the first array there),
    /// `page.totalElements`, `_links.next/last` resolved; a page without
    /// `_embedded` is empty.
    public func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage {
        let root = try Self.json(of: answer)
        if let items = root.arrayValue { return ConventionPage(records: items, total: answer.totalCount) }
        guard case .object(let body) = root else { throw .decoding(path: "", reason: "expected a HAL object") }
        let embedded = body["_embedded"]?.objectValue
        let key = route.itemsKey.map { $0.hasPrefix("_embedded.") ? String($0.dropFirst(10)) : $0 }
        let items =
            key.flatMap { embedded?[$0]?.arrayValue } ?? embedded?.first(where: { $0.value.arrayValue != nil })?.value
            .arrayValue ?? []
        let records = items.map { Self.row($0, from: answer.url) }
        func link(_ rel: String) -> URL? {
            body["_links"]?[rel].flatMap(Self.href).flatMap { ConventionPath.resolve($0, against: answer.url) }
        }
        let total =
            body["page"]?["totalElements"]?.intValue ?? answer.totalCount ?? (body["page"] == nil ? records.count : nil)
        return ConventionPage(
            records: records, total: total, next: link("next") ?? answer.links["next"],
            last: link("last") ?? answer.links["last"], related: related(in: answer, route: route))
    }

    /// The records a record (or each record of a page) embeds under
    /// `_embedded.<rel>` and links as `_links.<rel>` (Spring's excerpt
    /// projections): by that link, which the row keeps as `_links.<rel>.href`.
    public func related(in answer: ConventionAnswer, route: ResourceRoute) -> [RelatedKey: JSONValue] {
        guard let root = answer.json else { return [:] }
        var result = Self.embeddedParents(of: root, from: answer.url)
        for (_, value) in root["_embedded"]?.objectValue ?? JSONObject() {
            for item in value.arrayValue ?? [] {
                result.merge(Self.embeddedParents(of: item, from: answer.url)) { first, _ in first }
            }
        }
        return result
    }

    /// One resource's embedded objects that its links name, by the link.
    static func embeddedParents(of resource: JSONValue, from origin: URL) -> [RelatedKey: JSONValue] {
        var result: [RelatedKey: JSONValue] = [:]
        for (rel, value) in resource["_embedded"]?.objectValue ?? JSONObject() where value.objectValue != nil {
            guard let href = resource["_links"]?[rel]?["href"]?.stringValue else { continue }
            result[RelatedKey("_links.\(rel).href", href)] = row(value, from: origin)
        }
        return result
    }

    public func record(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> JSONValue {
        let value = try Self.json(of: answer)
        guard value.objectValue != nil else { throw .decoding(path: "", reason: "expected an object") }
        return Self.row(value, from: answer.url)
    }

    /// A HAL resource as a row: `id` from its self link where it has none.
    static func row(_ value: JSONValue, from origin: URL) -> JSONValue {
        guard case .object(var object) = value else { return value }
        if object["id"] == nil, let href = object["_links"]?["self"].flatMap(href),
            let url = ConventionPath.resolve(href, against: origin)
        {
            let last = url.path.split(separator: "/").last.map(String.init) ?? ""
            var fields = JSONObject([("id", Int(last).map(JSONValue.int) ?? .string(last))])
            for (key, field) in object { fields[key] = field }
            object = fields
        }
        object["_embedded"] = nil
        return .object(object)
    }

    /// A link object's `href` with its template expanded empty (`…/books{?page,size,sort}` → `…/books`).
    static func href(of link: JSONValue) -> String? {
        let first = link.arrayValue?.first ?? link
        guard let href = first["href"]?.stringValue else { return nil }
        return URITemplate(href).expand()
    }

    /// Spring Data REST sorts (`sort=field,desc`, on a paged collection)
    /// but takes no search and no filter parameter: it ignores them and
    /// answers every record. Equality on a relation goes to its link
    /// (`/authors/3/books`, a nested route); everything else is done over
    /// the loaded rows.
    public func capabilities(route: ResourceRoute) -> ListCapabilities {
        ListCapabilities(searchParameter: nil, filterOperators: [], sorts: route.sortParameter != nil)
    }

    static let notCollections: Set<String> = ["self", "profile", "search", "curies"]
}

extension ConventionName {
    /// HAL as Spring Data REST serves it.
    public static let hal = ConventionName("hal")
}

extension DiscoverySource {
    /// A HAL root's `_links`.
    public static let halLinks = DiscoverySource("halLinks")
}
