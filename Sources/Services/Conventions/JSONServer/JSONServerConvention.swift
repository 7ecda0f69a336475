import Foundation
import JSON
import Networking
import Translations

/// json-server 0.17 (`v0`) and 1.0 (`v1`): collections named by `/db`,
/// lists as arrays or v1's page envelope, the query in the dialect the
/// store learnt (`ServerDialect`), records at `/name/<id>`, JSON writes.
///
/// `LiveAPIService` makes one per request with the dialect it knows and the
/// fields a v1 search looks in; the registry's copy (v0) serves detection.
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
    public func sourceWords(_ source: DiscoverySource) -> String { Texts.Start.sourceConfig }

    /// A json-server answers its root with its HTML index page or, as
    /// `trestle serve` and `/db` do, an object of collections (arrays).
    public func claims(root: ConventionAnswer) -> Bool {
        guard let json = root.json else { return root.mediaType == "text/html" || root.status == 404 }
        guard case .object(let object) = json else { return false }
        return !object.isEmpty && object.contains { $0.value.arrayValue != nil }
            && object.allSatisfy { $0.value.arrayValue != nil || $0.value.objectValue != nil }
    }

    /// The collections `/db` names (top-level arrays; objects are object resources).
    public func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? {
        let database: ConventionAnswer?
        if case .object? = root.json, claims(root: root) {
            database = root
        } else {
            database = await ConventionPath.url("/db", under: root.url).asyncFlatMap(fetch)
        }
        guard case .object(let members)? = database?.json else { return nil }
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

    /// An array (v0, or v1 unpaged) or v1's envelope (`data`, total in `items`).
    public func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage {
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
        return ConventionPage(
            records: records, total: answer.totalCount ?? total, next: answer.links["next"],
            last: answer.links["last"])
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
}
