import Foundation
import JSON

/// One resource of a `list_endpoint` root, as its first page and its
/// schema show it: total, page size, columns, the fields that hold other
/// resources' URIs, the filters and sort fields it declares.
struct TastypieResource: LinkedCollection {
    var name: String
    /// The list endpoint's path under the root (`/book/`).
    var path: String
    /// The list endpoint's URL.
    var listURL: URL
    var count: Int?
    var pageSize: Int?
    var paging: ResourceRoute.Paging = .none
    var sample: JSONValue?
    var schema: JSONValue?
    var root: URL

    /// The facts keys a route keeps: the root its URIs resolve against, the
    /// sort fields, every field, the declared filters, a to-one field's
    /// related list endpoint (`link.author` → `/api/v1/author/`).
    static let rootFact = "tastypie.root"
    static let orderingFact = "tastypie.ordering"
    static let fieldsFact = "tastypie.fields"
    static let filtersFact = "tastypie.filters"
    static let linkPrefix = "tastypie.link."

    /// The lookups tastypie applies (Django's; no `!=`).
    static let lookups: Set<ListQuery.Filter.Operator> = [
        .equal, .less, .lessOrEqual, .greater, .greaterOrEqual, .contains, .oneOf,
    ]

    init(name: String, path: String, listURL: URL, first: ConventionAnswer?, schema: JSONValue?, root: URL) {
        self.name = name
        self.path = path
        self.listURL = listURL
        self.schema = schema
        self.root = root
        guard let body = first?.json, (200..<300).contains(first?.status ?? 0) else { return }
        if let items = body.arrayValue {
            sample = items.first.map(Self.attributesFirst)
            count = items.count
            return
        }
        let items = body["objects"]?.arrayValue ?? []
        sample = items.first.map(Self.attributesFirst)
        let meta = body["meta"]
        count = meta?["total_count"]?.intValue
        if meta?["limit"] != nil || meta?["offset"] != nil {
            paging = .offset(limit: "limit", offset: "offset")
            // The server's own page size: asking for more may be clamped.
            if let limit = meta?["limit"]?.intValue, limit > 0 { pageSize = limit }
        }
    }

    /// A record as its columns and form show it: the id, then its own
    /// values, then the URIs (to-one fields; its own `resource_uri` last)
    /// — tastypie sorts keys by name, which would put `author` before `title`.
    static func attributesFirst(_ record: JSONValue) -> JSONValue {
        guard case .object(let fields) = record else { return record }
        func rank(_ key: String, _ value: JSONValue) -> Int {
            if key == "id" { return 0 }
            if key == "resource_uri" { return 3 }
            return value.stringValue.map(ConventionPath.isAddress) == true ? 2 : 1
        }
        let ordered = fields.enumerated().sorted { left, right in
            let (a, b) = (rank(left.element.key, left.element.value), rank(right.element.key, right.element.value))
            return a != b ? a < b : left.offset < right.offset
        }
        return .object(JSONObject(ordered.map { ($0.element.key, $0.element.value) }))
    }

    /// The descriptor: route, columns and form from the first record (its
    /// `resource_uri` not written), to-one fields as parents, the resources
    /// whose to-one fields point here as children (by that field's filter,
    /// where the schema declares it).
    func descriptor(among all: [TastypieResource]) -> ResourceDescriptor {
        let ordering = schema?["ordering"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var route = ResourceRoute(
            path: path, paging: paging, itemsKey: paging == .none ? nil : "objects",
            totalKey: paging == .none ? nil : "meta.total_count", sortParameter: ordering.isEmpty ? nil : "order_by")
        route.convention = .tastypie
        route.facts[Self.rootFact] = root.absoluteString
        if !ordering.isEmpty { route.facts[Self.orderingFact] = ordering.joined(separator: ",") }
        if case .object(let fields)? = sample { route.facts[Self.fieldsFact] = fields.keys.joined(separator: ",") }
        if let filters = declaredFilters() {
            route.facts[Self.filtersFact] = filters.sorted { $0.key < $1.key }.map { field, operators in
                field + "=" + operators.map(\.rawValue).sorted().joined(separator: " ")
            }.joined(separator: ",")
        }
        let parents = parents(among: all)
        for (field, target) in parents {
            route.facts[Self.linkPrefix + field] = target.listURL.path + (target.listURL.path.hasSuffix("/") ? "" : "/")
        }
        var descriptor = ConventionForm.writable(
            ResourceCatalog.inferred(name: name, from: sample.map { [$0] } ?? []), sample: sample,
            skipping: ["id", "resource_uri"])
        descriptor.route = route
        if let pageSize { descriptor.pageSize = pageSize }
        descriptor.relations = parents.map { field, target in .parent(field, target: target.name, by: field) }
        for other in all where other.name != name {
            let filters = other.declaredFilters()
            for (field, target) in other.parents(among: all) where target.name == name {
                guard filters == nil || filters?[field]?.contains(.equal) == true else { continue }
                descriptor.relations.append(ResourceDescriptor.Relation(other.name, .children(foreignKey: field)))
            }
        }
        return descriptor
    }

    /// The first record's fields that hold another resource's URI (a path
    /// under its list endpoint), or that the schema says are `to_one`
    /// related to another's schema.
    func parents(among all: [TastypieResource]) -> [(String, TastypieResource)] {
        guard case .object(let fields)? = sample else { return [] }
        var found: [(String, TastypieResource)] = []
        for (field, value) in fields where field != "id" && field != "resource_uri" {
            if let text = value.stringValue, ConventionPath.isAddress(text),
                let url = ConventionPath.resolve(text, against: listURL),
                let target = all.first(where: { $0.name != name && url.path.hasPrefix($0.listURL.path) })
            {
                found.append((field, target))
            } else if let described = schema?["fields"]?[field], described["related_type"]?.stringValue == "to_one",
                let related = described["related_schema"]?.stringValue,
                let target = all.first(where: { $0.schemaPath == related })
            {
                found.append((field, target))
            }
        }
        return found
    }

    /// The path of this resource's schema, as another's `related_schema` names it.
    var schemaPath: String? { listURL.path + (listURL.path.hasSuffix("/") ? "" : "/") + "schema/" }

    /// The schema's `filtering`: a field's lookups (`ALL`, `ALL_WITH_RELATIONS`
    /// — sent as numbers — or a list of lookup names) as operators; `nil`
    /// without a schema.
    func declaredFilters() -> [String: Set<ListQuery.Filter.Operator>]? {
        guard let schema else { return nil }
        var result: [String: Set<ListQuery.Filter.Operator>] = [:]
        for (field, value) in schema["filtering"]?.objectValue ?? JSONObject() {
            if let names = value.arrayValue?.compactMap(\.stringValue) {
                result[field] = Set(names.compactMap(Self.operatorOfLookup))
            } else {
                result[field] = Self.lookups
            }
        }
        return result
    }

    static func operatorOfLookup(_ name: String) -> ListQuery.Filter.Operator? {
        switch name {
        case "exact": .equal
        case "lt": .less
        case "lte": .lessOrEqual
        case "gt": .greater
        case "gte": .greaterOrEqual
        case "icontains": .contains
        case "in": .oneOf
        default: nil
        }
    }

    /// A route's declared filters, read back from its facts.
    static func declaredFilters(of route: ResourceRoute) -> [String: Set<ListQuery.Filter.Operator>]? {
        guard let text = route.facts[filtersFact] else { return nil }
        var result: [String: Set<ListQuery.Filter.Operator>] = [:]
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard let field = parts.first else { continue }
            let operators = parts.count > 1 ? parts[1].split(separator: " ") : []
            result[String(field)] = Set(operators.compactMap { ListQuery.Filter.Operator(rawValue: String($0)) })
        }
        return result
    }

    /// `fields` with a to-one field that holds a bare id (`8`, `"8"`) given
    /// as the related record's URI (`/api/v1/author/8/`).
    static func linking(_ fields: JSONObject, route: ResourceRoute) -> JSONObject {
        var result = fields
        for (field, value) in fields {
            guard let list = route.facts[linkPrefix + field] else { continue }
            let id: String? =
                switch value {
                case .int(let number): String(number)
                case .string(let text) where !text.isEmpty && !ConventionPath.isAddress(text): text
                default: nil
                }
            guard let id,
                let escaped = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
            else { continue }
            result[field] = .string(list + escaped + "/")
        }
        return result
    }
}
