import Foundation
import JSON
import Networking

/// OData v4 (OASIS): the service document at the root names the entity
/// sets; `$metadata` (CSDL XML) gives their keys, properties and
/// navigation properties with referential constraints (relations both
/// ways); pages are `{"@odata.count", "value", "@odata.nextLink"}`; records
/// are addressed by key predicate (`Products(5)`, `People('ann')`); lists
/// are asked with `$filter` (`eq ne lt le gt ge`, `contains()`), `$orderby`,
/// `$top`/`$skip` and `$count=true`; writes are JSON `POST`, `PATCH`,
/// `PUT` and `DELETE`.
public struct ODataConvention: ServiceConvention {
    public init() {}

    public var name: ConventionName { .oData }
    public var displayName: String { "OData" }
    public func sourceWords(_ source: DiscoverySource) -> SourceWords {
        source == .oDataMetadata ? .oDataMetadata : .oDataServiceDocument
    }

    /// A service document (`value` of `{name, url}` beside the
    /// `$metadata` context), or any answer whose context is OData's.
    public func claims(root: ConventionAnswer) -> Bool {
        guard let json = root.json, json.objectValue != nil else { return false }
        if ODataDocument.isServiceDocument(json) { return true }
        return json["@odata.context"]?.stringValue?.contains("$metadata") == true
    }

    /// The service document's entity sets; `$metadata` and each set's
    /// first page (`$count=true`) asked concurrently.
    public func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? {
        guard let json = root.json, ODataDocument.isServiceDocument(json) else { return nil }
        let base = Self.serviceRoot(root.url)
        var sets: [(name: String, url: URL, path: String)] = []
        for (name, href) in ODataDocument.entitySets(in: json) {
            guard let url = ConventionPath.resolve(href, against: base),
                let path = ConventionPath.path(of: url, under: root.url)
            else { continue }
            sets.append((name, url, path))
        }
        guard !sets.isEmpty else { return nil }
        let metadataURL = ODataDocument.metadataURL(json, root: base)
        async let metadataAnswer = Self.fetchMetadata(metadataURL, fetch)
        let pages = await withTaskGroup(of: (Int, ConventionAnswer?).self) { group in
            for (index, set) in sets.enumerated() {
                group.addTask {
                    var components = URLComponents(url: set.url, resolvingAgainstBaseURL: true)
                    components?.percentEncodedQueryItems = [URLQueryItem(name: "$count", value: "true")]
                    guard let url = components?.url else { return (index, nil) }
                    return (index, await fetch(url))
                }
            }
            var answers: [Int: ConventionAnswer] = [:]
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        let (metadata, unused) = Self.read(metadataURL, await metadataAnswer)
        let found = sets.enumerated().map { index, set in
            ODataEntitySet(name: set.name, path: set.path, metadata: metadata, first: pages[index])
        }
        var counts: [String: Int] = [:]
        for set in found { counts[set.name] = set.count }
        return ConventionDiscovery(
            convention: name, source: metadata == nil ? .oDataServiceDocument : .oDataMetadata,
            resources: found.map { $0.descriptor(among: found, metadata: metadata) }, counts: counts,
            unused: unused.map { [$0] } ?? [])
    }

    /// The `$metadata` read from its answer, or why it was not: the
    /// collections are still the service document's, without their types
    /// and relations, and the start screen says why.
    static func read(_ url: URL?, _ answer: ConventionAnswer?) -> (ODataMetadata?, UnusedDocument?) {
        guard let url else { return (nil, nil) }
        guard let answer else { return (nil, UnusedDocument(url: url, reason: .unanswered)) }
        guard (200..<300).contains(answer.status) else {
            return (nil, UnusedDocument(url: answer.url, reason: .status(answer.status)))
        }
        do {
            return (try ODataMetadata.parse(answer.data), nil)
        } catch {
            switch error {
            case .notXML(let line, let column):
                return (nil, UnusedDocument(url: answer.url, reason: .malformed(line: line, column: column)))
            case .noSchema:
                return (nil, UnusedDocument(url: answer.url, reason: .missing("Edmx/DataServices/Schema")))
            case .missingAttribute(let element, let attribute):
                return (nil, UnusedDocument(url: answer.url, reason: .missing("<\(element) \(attribute)>")))
            }
        }
    }

    private static func fetchMetadata(_ url: URL?, _ fetch: ConventionFetch) async -> ConventionAnswer? {
        guard let url else { return nil }
        return await fetch(url)
    }

    /// The root with a trailing slash, so that relative set URLs
    /// (`Products`) resolve below it, not beside it.
    static func serviceRoot(_ url: URL) -> URL {
        url.absoluteString.hasSuffix("/") ? url : URL(string: url.absoluteString + "/") ?? url
    }

    /// `value` as rows, `@odata.count`, `@odata.nextLink` resolved against
    /// the answer's URL (else the `Link` header); expanded to-one navigation
    /// properties as related records.
    public func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage {
        let document = try Self.json(of: answer)
        guard let values = document["value"]?.arrayValue else {
            throw .decoding(path: "value", reason: "expected an array of entities")
        }
        let next = document["@odata.nextLink"]?.stringValue.flatMap { ConventionPath.resolve($0, against: answer.url) }
        return ConventionPage(
            records: values.map(ODataDocument.row),
            total: document["@odata.count"]?.intValue ?? answer.totalCount, next: next ?? answer.links["next"],
            last: answer.links["last"], related: related(in: answer, route: route))
    }

    /// The to-one navigation properties an answer expanded (`$expand`), by
    /// the foreign key discovery found for them (`Category` by
    /// `CategoryID`, kept in the route's facts) and its value in the entity.
    public func related(in answer: ConventionAnswer, route: ResourceRoute) -> [RelatedKey: JSONValue] {
        let parents = ODataRouteFacts(route).parents
        guard !parents.isEmpty, let document = answer.json else { return [:] }
        var result: [RelatedKey: JSONValue] = [:]
        for entity in document["value"]?.arrayValue ?? [document] {
            for (name, value) in ODataDocument.expanded(entity) where value.objectValue != nil {
                guard let field = parents[name], let id = entity.recordID(field) else { continue }
                result[RelatedKey(field, id)] = ODataDocument.row(value)
            }
        }
        return result
    }

    /// One entity, its annotations dropped.
    public func record(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> JSONValue {
        let value = try Self.json(of: answer)
        guard value.objectValue != nil else { throw .decoding(path: "", reason: "expected an entity") }
        return ODataDocument.row(value)
    }

    /// `/Products(5)`, `/People('o''brien')`: the key predicate after the
    /// set's path, percent-encoded where a path needs it.
    public func recordPath(id: String, route: ResourceRoute) -> String {
        if ConventionPath.isAddress(id) { return id }
        let predicate = ODataLiteral.keyPredicate(id, type: ODataRouteFacts(route).keyType)
        let allowed = CharacterSet.urlPathAllowed.subtracting(["/"])
        return ConventionPath.trimmingSlashes(route.path)
            + (predicate.addingPercentEncoding(withAllowedCharacters: allowed) ?? predicate)
    }

    /// `$filter` (the filters joined by `and`), `$orderby`, `$top`/`$skip`, `$count=true`.
    public func queryItems(_ query: ListQuery, route: ResourceRoute, cursor: String?) -> [URLQueryItem] {
        let facts = ODataRouteFacts(route)
        var clauses = query.filters.map { facts.clause($0) }
        if let search = query.search, !search.isEmpty, let clause = facts.searchClause(search) {
            clauses.append(clause)
        }
        var items: [URLQueryItem] = []
        if !clauses.isEmpty {
            let joined = clauses.count == 1 ? clauses[0] : clauses.map { "(\($0))" }.joined(separator: " and ")
            items.append(URLQueryItem(name: "$filter", value: joined))
        }
        if !query.sort.isEmpty {
            let keys = query.sort.map { $0.field + ($0.descending ? " desc" : "") }
            items.append(URLQueryItem(name: "$orderby", value: keys.joined(separator: ",")))
        }
        if let limit = query.limit {
            items.append(URLQueryItem(name: "$top", value: String(limit)))
            if let page = query.page, page > 1 {
                items.append(URLQueryItem(name: "$skip", value: String((page - 1) * limit)))
            }
        }
        items.append(URLQueryItem(name: "$count", value: "true"))
        return items
    }

    /// `POST` to the set, `PATCH`/`PUT` and `DELETE` at the key; bodies
    /// without control information (`@odata.*`).
    public func write(_ write: ConventionWrite, route: ResourceRoute) -> ConventionRequest {
        switch write {
        case .create(let fields): return jsonRequest(.post, route.path, Self.plain(fields))
        case .update(let id, let fields):
            return changed(jsonRequest(.patch, recordPath(id: id, route: route), Self.plain(fields)))
        case .replace(let id, let fields):
            return changed(jsonRequest(.put, recordPath(id: id, route: route), Self.plain(fields)))
        case .delete(let id): return ConventionRequest(method: .delete, path: recordPath(id: id, route: route))
        }
    }

    /// A change asks for the entity back (`Prefer: return=representation`)
    /// instead of OData's default `204 No Content`.
    private func changed(_ request: ConventionRequest) -> ConventionRequest {
        var request = request
        request.headers["Prefer"] = "return=representation"
        return request
    }

    static func plain(_ fields: JSONObject) -> JSONObject {
        JSONObject(fields.filter { !$0.key.contains("@") }.map { ($0.key, $0.value) })
    }
}

/// What an OData route needs beyond its path: the key, the properties'
/// Edm types (for literals) and the string properties (for search), kept
/// in the route's facts at discovery (`key`, `type.Price` → `Edm.Decimal`,
/// `search` → `Name,Description`).
struct ODataRouteFacts {
    var key: String?
    var types: [String: String]
    var strings: [String]
    /// The to-one navigation properties with a referential constraint:
    /// name → the foreign key that holds the target's key (`Category` → `CategoryID`).
    var parents: [String: String] = [:]

    static let typePrefix = "type."
    static let parentPrefix = "parent."

    init(key: String?, types: [String: String], strings: [String], parents: [String: String] = [:]) {
        self.key = key
        self.types = types
        self.strings = strings
        self.parents = parents
    }

    /// Read back from a route; without facts (no `$metadata`) literals are typed by their look.
    init(_ route: ResourceRoute) {
        key = route.facts["key"]
        types = [:]
        for (name, value) in route.facts where name.hasPrefix(Self.typePrefix) {
            types[String(name.dropFirst(Self.typePrefix.count))] = value
        }
        for (name, value) in route.facts where name.hasPrefix(Self.parentPrefix) {
            parents[String(name.dropFirst(Self.parentPrefix.count))] = value
        }
        strings = route.facts["search"].map { $0.split(separator: ",").map(String.init) } ?? []
    }

    var facts: [String: String] {
        var result: [String: String] = [:]
        if let key { result["key"] = key }
        for (name, type) in types { result[Self.typePrefix + name] = type }
        if !strings.isEmpty { result["search"] = strings.joined(separator: ",") }
        for (name, field) in parents { result[Self.parentPrefix + name] = field }
        return result
    }

    /// The Edm type of the key.
    var keyType: String? { key.flatMap { types[$0] } }

    /// One filter as a `$filter` clause.
    func clause(_ filter: ListQuery.Filter) -> String {
        let type = types[filter.field]
        let op: String
        switch filter.op {
        case .equal: op = "eq"
        case .notEqual: op = "ne"
        case .less: op = "lt"
        case .lessOrEqual: op = "le"
        case .greater: op = "gt"
        case .greaterOrEqual: op = "ge"
        case .contains: return ODataLiteral.containsIgnoringCase(filter.field, filter.value)
        case .oneOf:
            return filter.values.map { "\(filter.field) eq \(ODataLiteral.literal($0, type: type))" }
                .joined(separator: " or ")
        }
        return "\(filter.field) \(op) \(ODataLiteral.literal(filter.value, type: type))"
    }

    /// `contains(tolower(Name),'x') or contains(tolower(Description),'x')`
    /// over the string properties, case ignored as the loaded rows are searched.
    func searchClause(_ text: String) -> String? {
        guard !strings.isEmpty else { return nil }
        return strings.map { ODataLiteral.containsIgnoringCase($0, text) }.joined(separator: " or ")
    }
}

extension ConventionName {
    /// OData v4.
    public static let oData = ConventionName("odata")
}

extension DiscoverySource {
    /// An OData service's `$metadata`.
    public static let oDataMetadata = DiscoverySource("oDataMetadata")

    /// An OData service document (no `$metadata` read).
    public static let oDataServiceDocument = DiscoverySource("oDataServiceDocument")
}
