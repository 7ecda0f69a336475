import Foundation
import JSON
import Networking

/// json-server 0.17 (`v0`) and 1.0 (`v1`): collections named by `/db`,
/// lists as arrays or v1's page envelope, the query in the dialect the
/// store learnt (`ServerDialect`), records at `/name/<id>`, JSON writes.
///
/// A collection known only by its name (the built-in catalog, `/db`, a
/// config file's names) has json-server's route (``ResourceRoute/named(_:)``),
/// and a route paged in json-server's words is listed by it
/// (``ConventionRegistry/listing(_:)``). The live service asks it for the
/// dialect it knows and the collection's fields (``speaking(_:about:)``);
/// a page's shape teaches the dialect (``ConventionPage/dialect``), and
/// a query the dialects spell differently waits for it
/// (``learnsDialect(before:resent:)``). The registry's copy (v0) serves
/// detection.
public struct JSONServerConvention: ServiceConvention {
    public var dialect: ServerDialect
    /// The fields a v1 search (`_where` of `contains`) looks in.
    public var searchFields: [String]

    public init(dialect: ServerDialect = .v0, searchFields: [String] = []) {
        self.dialect = dialect
        self.searchFields = searchFields
    }

    public var name: ConventionName { .jsonServer }
    public var displayName: String { "json-server" }
    public func sourceWords(_ source: DiscoverySource) -> SourceWords { .configuration }

    /// A json-server answers its root with its HTML index page or, as
    /// `trestle serve` and `/db` do, an object of collections (arrays).
    public func claims(root: ConventionAnswer) -> Bool {
        guard let json = root.json else { return root.mediaType == "text/html" || root.status == 404 }
        guard case .object(let object) = json else { return false }
        return !object.isEmpty && object.contains { $0.value.arrayValue != nil }
            && object.allSatisfy { $0.value.arrayValue != nil || $0.value.objectValue != nil }
    }

    /// The collections `/db` names (top-level arrays; objects are object
    /// resources). It is read by ``DatabasePrefix/scan``: a database over
    /// ``DatabasePrefix/bytes`` comes emptied, known by its shape, its
    /// collections the top-level keys the scan reached (no counts).
    public func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? {
        let database: ConventionAnswer?
        if case .object? = root.json, claims(root: root) {
            database = root
        } else {
            database = await ConventionPath.url("/db", under: root.url).asyncFlatMap { url in
                await ConventionProbe.$bodyScan.withValue(DatabasePrefix.scan) { await fetch(url) }
            }
        }
        guard let database else { return nil }
        return database.json == nil ? prefixDiscovery(database) : databaseDiscovery(database)
    }

    /// The collections of a database read whole (top-level arrays; objects
    /// are object resources), with their counts.
    func databaseDiscovery(_ database: ConventionAnswer) -> ConventionDiscovery? {
        guard case .object(let members)? = database.json else { return nil }
        var resources: [ResourceDescriptor] = []
        var counts: [String: Int] = [:]
        for (key, value) in members where ResourceEndpoint.isValidName(key) {
            switch value {
            case .array(let items):
                resources.append(ResourceDescriptor(name: key, columns: []))
                counts[key] = items.count
            case .object:
                resources.append(.object(named: key))
            default:
                continue
            }
        }
        return ConventionDiscovery(
            convention: name, source: .jsonServerDatabase, resources: resources, counts: counts)
    }

    /// The collections a root names when it has no `/db`: the whole
    /// database, as `/db` would answer it (json-server-py's root), or the
    /// collections' names, a JSON array of strings (simple-json-server's
    /// root: `["todos", "users"]`). A name that is no path segment is left
    /// out, and so is a root of anything else (`nil`).
    public func discover(namedByRoot root: ConventionAnswer) -> ConventionDiscovery? {
        guard (200..<300).contains(root.status) else { return nil }
        if case .array(let items)? = root.json {
            guard !items.isEmpty, items.count <= Self.mostNamesAtRoot else { return nil }
            var seen: Set<String> = []
            var resources: [ResourceDescriptor] = []
            for item in items {
                guard let name = item.stringValue else { return nil }
                if ResourceEndpoint.isValidName(name), seen.insert(name).inserted {
                    resources.append(ResourceCatalog.undescribed(name))
                }
            }
            return resources.isEmpty
                ? nil : ConventionDiscovery(convention: self.name, source: .rootNames, resources: resources)
        }
        if case .object? = root.json, !claims(root: root) { return nil }
        guard var found = root.json == nil ? prefixDiscovery(root) : databaseDiscovery(root) else { return nil }
        // Nothing says what they take: their writes are learnt from the service.
        for index in found.resources.indices where !found.resources[index].isObject {
            found.resources[index].learnsWrites = true
        }
        found.source = .rootNames
        return found
    }

    /// The most collection names a root's list is read for.
    public static let mostNamesAtRoot = 1_000

    /// The collections of a `/db` kept emptied or cut (``DatabasePrefix``).
    func prefixDiscovery(_ database: ConventionAnswer) -> ConventionDiscovery? {
        guard (200..<300).contains(database.status), let members = DatabasePrefix.members(of: database.data) else {
            return nil
        }
        var seen: Set<String> = []
        let named = members.filter { ResourceEndpoint.isValidName($0.name) && seen.insert($0.name).inserted }
        let resources = named.map {
            $0.isArray ? ResourceDescriptor(name: $0.name, columns: []) : .object(named: $0.name)
        }
        return ConventionDiscovery(convention: name, source: .jsonServerDatabase, resources: resources)
    }

    /// An array (v0, or v1 unpaged) or v1's envelope (`data`, total in
    /// `items`), and the dialect the shape reveals (an envelope is v1, an
    /// array asked as a page v0); a route with its own envelope
    /// (`itemsKey`, an OpenAPI document's) is read plainly and teaches nothing.
    public func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage {
        if route.itemsKey != nil { return try plainPage(from: answer, route: route) }
        let root = try Self.json(of: answer)
        let records: [JSONValue]
        var total: Int?
        if let items = root.arrayValue {
            records = items
        } else if let data = root["data"]?.arrayValue {
            records = data
            total = root["items"]?.intValue
        } else {
            throw .decoding(path: "", reason: "expected an array of records")
        }
        // Both dialects ask a page with `_page`, and only a page.
        let paged = ResourceRoute.Paging.integer("_page", in: answer.url) != nil
        return ConventionPage(
            records: records, total: answer.totalCount ?? total, next: answer.links["next"],
            last: answer.links["last"], dialect: ServerDialect.of(listBody: root, paged: paged))
    }

    /// This convention in `dialect`, a v1 search looking in `resource`'s
    /// fields but its id.
    public func speaking(_ dialect: ServerDialect, about resource: ResourceDescriptor) -> any ServiceConvention {
        JSONServerConvention(
            dialect: dialect, searchFields: resource.columns.map(\.field).filter { $0 != resource.idField })
    }

    /// A list (`resent`) learns the dialect first only when unpaged with a
    /// filter, sort or search: both dialects answer it with an array, which
    /// tells nothing, yet read it differently. A query shown once learns it
    /// unless both dialects read it alike.
    public func learnsDialect(before query: ListQuery, resent: Bool) -> Bool {
        guard resent else { return !query.readsTheSameInBothDialects }
        return query.page == nil && (!query.filters.isEmpty || !query.sort.isEmpty || query.search != nil)
    }

    /// The plain REST write, its JSON body sent as `application/json; charset=utf-8`.
    public func write(_ write: ConventionWrite, route: ResourceRoute) -> ConventionRequest {
        var request = plainWrite(write, route: route)
        if request.body != nil { request.contentType = "application/json; charset=utf-8" }
        return request
    }

    /// `_page`/`_limit`, `_sort`/`_order`, `q` (v0) or `_per_page`,
    /// `_sort=-x`, `field:op=`, `_where` (v1).
    public func queryItems(_ query: ListQuery, route: ResourceRoute, cursor: String?) -> [URLQueryItem] {
        query.queryItems(for: dialect, searchFields: searchFields)
    }

    /// Everything: `q` (v1: `_where` over the search fields), every operator, `_sort`.
    public func capabilities(route: ResourceRoute) -> ListCapabilities {
        var capabilities = ListCapabilities.jsonServer
        if dialect == .v1 { capabilities.searchParameter = "_where" }
        return capabilities
    }
}

extension ResourceRoute {
    /// The route of a collection known only by its name (the built-in
    /// catalog, `/db`, a config file's names): json-server's, at `/<name>`.
    public static func named(_ name: String) -> ResourceRoute {
        var route = ResourceRoute(path: "/" + name, paging: .jsonServer)
        route.convention = .jsonServer
        return route
    }
}

extension ListQuery {
    /// Whether both json-server dialects read this query alike: only
    /// equality filters, no sort, page or search.
    public var readsTheSameInBothDialects: Bool {
        filters.allSatisfy { $0.op == .equal } && sort.isEmpty && page == nil && limit == nil
            && (search ?? "").isEmpty
    }
}

extension Optional {
    /// `map` with an async transform that may give `nil`.
    func asyncFlatMap<T>(_ transform: (Wrapped) async -> T?) async -> T? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}

extension ConventionName {
    /// json-server 0.17 or 1.0 (the dialect is learnt apart: `ServerDialect`).
    public static let jsonServer = ConventionName("json-server")
}

extension DiscoverySource {
    /// json-server's `/db`: its top-level arrays.
    public static let jsonServerDatabase = DiscoverySource("jsonServerDatabase")
    /// A root that names its collections (a list of names, or the whole database).
    public static let rootNames = DiscoverySource("rootNames")
}
