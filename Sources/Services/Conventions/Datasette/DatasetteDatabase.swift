import Foundation
import JSON

/// A database's description of its tables (`{database, path, tables: [{name,
/// columns, primary_keys, count, hidden, fts_table, foreign_keys}]}`).
struct DatasetteDatabase: Sendable {
    struct Table: Sendable {
        var name: String
        var columns: [String]
        var primaryKey: String?
        var count: Int?
        var searchable: Bool
        /// `column` → the table it points at (`author_id` → `authors`).
        var outgoing: [(column: String, table: String)]
        /// The tables pointing here, by their column (`books` by `author_id`).
        var incoming: [(table: String, column: String)]
    }

    var tables: [Table]

    /// The route facts key of the suffix a page's URL takes for its JSON (`.json`).
    static let suffixFact = "datasette.suffix"
    /// At most this many tables are read.
    static let maxTables = 500

    /// The description in `json`, its visible tables with one primary key
    /// each; `nil` when `json` is no such description.
    init?(_ json: JSONValue) {
        guard let list = json["tables"]?.arrayValue, !list.isEmpty,
            list.allSatisfy({ $0["name"]?.stringValue != nil && $0["columns"]?.arrayValue != nil })
        else { return nil }
        tables = list.prefix(Self.maxTables).compactMap { item in
            guard item["hidden"]?.boolValue != true, let name = item["name"]?.stringValue else { return nil }
            let keys = item["primary_keys"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let links = item["foreign_keys"]
            return Table(
                name: name, columns: item["columns"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                primaryKey: keys.count == 1 ? keys[0] : nil, count: item["count"]?.intValue,
                searchable: item["fts_table"]?.stringValue != nil,
                outgoing: (links?["outgoing"]?.arrayValue ?? []).compactMap { link in
                    guard let column = link["column"]?.stringValue, let table = link["other_table"]?.stringValue
                    else { return nil }
                    return (column, table)
                },
                incoming: (links?["incoming"]?.arrayValue ?? []).compactMap { link in
                    guard let table = link["other_table"]?.stringValue, let column = link["other_column"]?.stringValue
                    else { return nil }
                    return (table, column)
                })
        }
        guard !tables.isEmpty else { return nil }
    }

    /// What the JSON's URL adds to the page's (`/library` → `/library.json`:
    /// `.json`); `nil` when it adds no suffix.
    static func suffix(page: URL, json: URL) -> String? {
        let pagePath = ConventionPath.trimmingSlashes(page.path)
        let jsonPath = json.path
        guard jsonPath != pagePath, jsonPath.hasPrefix(pagePath) else { return nil }
        let added = String(jsonPath.dropFirst(pagePath.count))
        return added.contains("/") ? nil : added
    }

    /// The table as a read-only collection at `/<table><suffix>` under the
    /// database's page, its columns from the description, its foreign keys
    /// as parents and the tables pointing at it as children.
    func descriptor(of table: Table, suffix: String) -> ResourceDescriptor {
        let escaped = table.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
        var route = ResourceRoute(
            path: "/" + (escaped ?? table.name) + suffix,
            paging: .cursor(parameter: "_next", size: "_size", next: "next"),
            itemsKey: "rows", totalKey: "filtered_table_rows_count", sortParameter: "_sort",
            searchParameter: table.searchable ? "_search" : nil)
        route.convention = .datasette
        route.facts[Self.suffixFact] = suffix
        let sample = JSONValue.object(JSONObject(table.columns.map { ($0, JSONValue.null) }))
        var descriptor = ResourceCatalog.inferred(name: table.name, from: [sample])
        if let key = table.primaryKey { descriptor.idField = key }
        descriptor.route = route
        let known = Set(tables.map(\.name))
        descriptor.relations = table.outgoing.filter { known.contains($0.table) }.map { link in
            .parent(DjangoCollection.stem(of: link.column), target: link.table, by: link.column)
        }
        for link in table.incoming where known.contains(link.table) {
            descriptor.relations.append(ResourceDescriptor.Relation(link.table, .children(foreignKey: link.column)))
        }
        return descriptor
    }
}
