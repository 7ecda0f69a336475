import Foundation
import JSON
import Networking

/// A database that describes its tables in one JSON answer, as Datasette
/// serves it: the database's page (`/library`, HTML) names its JSON with
/// `Link: …/library.json; rel="alternate"`, whose `tables[]` give each
/// table's `name`, `columns`, `primary_keys`, `count` and `foreign_keys`
/// (`incoming`, `outgoing`) — collections, counts and relations both ways.
/// A table's JSON is its page's URL with the same suffix (`/library/books.json`):
/// `rows` (arrays beside `columns`, or objects), the total at
/// `filtered_table_rows_count`, the next page's token at `next` (`_next=`,
/// `_size=`); a row at `/library/books/1.json` (`rows[0]`); filters
/// `col=value` and `col__gte=`, sort `_sort=` / `_sort_desc=`, search
/// `_search=` where the table has a full-text index. No writes: the tables
/// take no form.
public struct DatasetteConvention: ServiceConvention {
    public init() {}

    public var name: ConventionName { .datasette }
    public var displayName: String { "datasette" }
    public func sourceWords(_ source: DiscoverySource) -> SourceWords { .databaseTables }

    /// A root that is not JSON and names an `alternate` (its JSON, asked by
    /// ``discover(root:fetch:)``, must be a database answer: `tables` of
    /// objects with a `name` and `columns`). The database's page is the
    /// base URL: its tables' pages are below it, which they are not below
    /// the JSON's own URL.
    public func claims(root: ConventionAnswer) -> Bool {
        root.json == nil && root.links["alternate"] != nil
    }

    public func discover(root: ConventionAnswer, fetch: @escaping ConventionFetch) async -> ConventionDiscovery? {
        guard claims(root: root), let alternate = root.links["alternate"],
            let answer = await fetch(alternate), (200..<300).contains(answer.status)
        else { return nil }
        guard let json = answer.json, let database = DatasetteDatabase(json),
            let suffix = DatasetteDatabase.suffix(page: root.url, json: answer.url)
        else { return nil }
        let resources = database.tables.map { database.descriptor(of: $0, suffix: suffix) }
        var counts: [String: Int] = [:]
        for table in database.tables { counts[table.name] = table.count }
        return ConventionDiscovery(convention: name, source: .databaseTables, resources: resources, counts: counts)
    }

    /// `rows` as records (an array row named by `columns`), the total at
    /// `filtered_table_rows_count`, `next_url` (else the `Link` header's next).
    public func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage {
        let body = try Self.json(of: answer)
        if let items = body.arrayValue {
            return ConventionPage(records: items, total: answer.totalCount, next: answer.links["next"])
        }
        guard let rows = body["rows"]?.arrayValue else {
            throw .decoding(path: "rows", reason: "expected an array of rows")
        }
        let columns = body["columns"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var records: [JSONValue] = []
        for (index, row) in rows.enumerated() {
            guard let record = Self.record(row, columns: columns) else {
                throw .decoding(path: "rows[\(index)]", reason: "expected a row of \(columns.count) values")
            }
            records.append(record)
        }
        let next = body["next_url"]?.stringValue.flatMap { ConventionPath.resolve($0, against: answer.url) }
        return ConventionPage(
            records: records, total: body["filtered_table_rows_count"]?.intValue ?? answer.totalCount,
            next: next ?? answer.links["next"])
    }

    /// `rows[0]`, named by `columns`.
    public func record(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> JSONValue {
        let body = try Self.json(of: answer)
        guard let rows = body["rows"]?.arrayValue else {
            guard body.objectValue != nil else { throw .decoding(path: "", reason: "expected an object") }
            return body
        }
        let columns = body["columns"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard let first = rows.first, let record = Self.record(first, columns: columns) else {
            throw .decoding(path: "rows[0]", reason: "expected one row")
        }
        return record
    }

    /// A row as an object: an array's values under `columns`' names, an object as it is.
    static func record(_ row: JSONValue, columns: [String]) -> JSONValue? {
        if row.objectValue != nil { return row }
        guard let values = row.arrayValue, values.count == columns.count else { return nil }
        return .object(JSONObject(zip(columns, values)))
    }

    /// `/books.json` → `/books/3.json`: the table's page, the id, the suffix.
    public func recordPath(id: String, route: ResourceRoute) -> String {
        let suffix = route.facts[DatasetteDatabase.suffixFact] ?? ""
        guard !suffix.isEmpty, route.path.hasSuffix(suffix) else { return ConventionPath.record(id, in: route.path) }
        let page = String(route.path.dropLast(suffix.count))
        let escaped = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id
        return ConventionPath.isAddress(id) ? id : page + "/" + escaped + suffix
    }

    /// `col=value`, `col__not=`, `col__lt=`, `col__lte=`, `col__gt=`,
    /// `col__gte=`, `col__contains=`, `col__in=a,b`; `_sort=` or
    /// `_sort_desc=` (one key); `_search=`; `_size`/`_next`.
    public func queryItems(_ query: ListQuery, route: ResourceRoute, cursor: String?) -> [URLQueryItem] {
        var items = query.filters.map(Self.item)
        if let key = query.sort.first {
            items.append(URLQueryItem(name: key.descending ? "_sort_desc" : "_sort", value: key.field))
        }
        var plain = ListQuery(page: query.page, limit: query.limit)
        plain.search = query.search
        var unsorted = route
        unsorted.sortParameter = nil
        return items + unsorted.queryItems(plain, filters: [], cursor: cursor)
    }

    static func item(_ filter: ListQuery.Filter) -> URLQueryItem {
        let suffix: String
        switch filter.op {
        case .equal: suffix = ""
        case .notEqual: suffix = "__not"
        case .less: suffix = "__lt"
        case .lessOrEqual: suffix = "__lte"
        case .greater: suffix = "__gt"
        case .greaterOrEqual: suffix = "__gte"
        case .contains: suffix = "__contains"
        case .oneOf: return URLQueryItem(name: filter.field + "__in", value: filter.values.joined(separator: ","))
        }
        return URLQueryItem(name: filter.field + suffix, value: filter.value)
    }

    /// Every operator; a sort by one key; a search where the table has a full-text index.
    public func capabilities(route: ResourceRoute) -> ListCapabilities {
        ListCapabilities(
            searchParameter: route.searchParameter, filterOperators: Set(ListQuery.Filter.Operator.allCases),
            sorts: true)
    }
}

extension ConventionName {
    /// A database's tables, counts and foreign keys in one answer (Datasette).
    public static let datasette = ConventionName("datasette")
}

extension DiscoverySource {
    /// A database's description of its tables (Datasette's `<database>.json`).
    public static let databaseTables = DiscoverySource("databaseTables")
}
