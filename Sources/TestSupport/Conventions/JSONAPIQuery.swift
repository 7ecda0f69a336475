import Foundation
import JSON

/// A JSON:API list query as the ``JSONAPITestServer`` reads it: `page[…]`,
/// `filter[field]` / `filter[field][op]`, `sort`, `include`, `fields[type]`.
struct JSONAPIQuery {
    /// Why a query cannot be answered, for the `errors` member.
    struct Problem: Error {
        var detail: String
        var parameter: String
    }

    /// Which records of the sorted list one page holds.
    struct Window {
        var offset: Int
        var limit: Int
    }

    struct Filter {
        var field: String
        var op: String
        var value: String
        var name: String
    }

    var items: [URLQueryItem]
    var page: [String: String] = [:]
    var filters: [Filter] = []
    var sort: [(field: String, descending: Bool)] = []
    var include: [String] = []
    var fields: [String: [String]] = [:]

    /// The query parameter families the specification defines.
    static let families: Set<String> = ["page", "filter", "sort", "include", "fields"]

    init(_ items: [URLQueryItem]) {
        self.items = items
        for item in items {
            let value = item.value ?? ""
            let parts = Self.bracketed(item.name)
            switch parts.first {
            case "page" where parts.count == 2: page[parts[1]] = value
            case "filter" where parts.count == 2:
                filters.append(Filter(field: parts[1], op: "eq", value: value, name: item.name))
            case "filter" where parts.count == 3:
                filters.append(Filter(field: parts[1], op: parts[2], value: value, name: item.name))
            case "sort":
                sort = value.split(separator: ",").map {
                    $0.hasPrefix("-") ? (String($0.dropFirst()), true) : (String($0), false)
                }
            case "include": include = value.split(separator: ",").map(String.init)
            case "fields" where parts.count == 2: fields[parts[1]] = value.split(separator: ",").map(String.init)
            default: break
            }
        }
    }

    /// `filter[year][gte]` → `["filter", "year", "gte"]`.
    static func bracketed(_ name: String) -> [String] {
        guard let open = name.firstIndex(of: "[") else { return [name] }
        var parts = [String(name[..<open])]
        for piece in name[open...].split(separator: "[") {
            guard piece.hasSuffix("]") else { return [name] }
            parts.append(String(piece.dropLast()))
        }
        return parts
    }

    /// The first parameter neither the specification defines nor an
    /// implementation may (an all-lowercase family name such as `limit`,
    /// `q`: the specification asks for `400`).
    static func unknownParameter(_ items: [URLQueryItem]) -> String? {
        for item in items {
            let family = bracketed(item.name)[0]
            guard !families.contains(family) else { continue }
            if family.allSatisfy({ $0.isASCII && $0.isLowercase }) { return item.name }
        }
        return nil
    }

    func filtered(_ resources: [JSONAPIResource]) throws(Problem) -> [JSONAPIResource] {
        var result = resources
        for filter in filters {
            let operators = ["eq", "ne", "lt", "le", "gt", "ge", "contains", "in"]
            guard operators.contains(filter.op) else {
                throw Problem(detail: "unknown operator \(filter.op)", parameter: filter.name)
            }
            result = result.filter { Self.matches(Self.value(of: filter.field, in: $0), filter) }
        }
        return result
    }

    /// An attribute, the id, or a to-one relationship's related id.
    static func value(of field: String, in resource: JSONAPIResource) -> JSONValue? {
        if field == "id" { return .string(resource.id) }
        if let identifier = resource.toOne[field] { return identifier.map { .string($0.id) } ?? .null }
        return resource.attributes[field]
    }

    static func matches(_ value: JSONValue?, _ filter: Filter) -> Bool {
        if filter.op == "contains" {
            return ConventionValues.text(value).lowercased().contains(filter.value.lowercased())
        }
        if filter.op == "in" {
            return filter.value.split(separator: ",").contains { ConventionValues.text(value) == $0 }
        }
        let order = ConventionValues.compare(value, ConventionValues.literal(filter.value, like: value))
        switch filter.op {
        case "eq": return order == 0
        case "ne": return order != 0
        case "lt": return order < 0
        case "le": return order <= 0
        case "gt": return order > 0
        default: return order >= 0
        }
    }

    func sorted(_ resources: [JSONAPIResource]) throws(Problem) -> [JSONAPIResource] {
        guard !sort.isEmpty else { return resources }
        for key in sort where key.field != "id" && !resources.contains(where: { $0.attributes[key.field] != nil }) {
            guard resources.isEmpty else { throw Problem(detail: "cannot sort by \(key.field)", parameter: "sort") }
        }
        return resources.sorted { lhs, rhs in
            for key in sort {
                let a = key.field == "id" ? JSONValue.int(Int(lhs.id) ?? 0) : lhs.attributes[key.field]
                let b = key.field == "id" ? JSONValue.int(Int(rhs.id) ?? 0) : rhs.attributes[key.field]
                let order = ConventionValues.compare(a, b)
                if order != 0 { return key.descending ? order > 0 : order < 0 }
            }
            return false
        }
    }

    /// The records asked for: default 20, at most 50 a page; nil for a bad value.
    func window(paging: JSONAPITestServer.Paging) -> Window? {
        let sizeKey = paging == .offset ? "limit" : "size"
        guard let limit = Int(page[sizeKey] ?? String(JSONAPITestServer.defaultPageSize)), limit >= 1 else {
            return nil
        }
        let clamped = min(limit, JSONAPITestServer.maximumPageSize)
        switch paging {
        case .offset:
            guard let offset = Int(page["offset"] ?? "0"), offset >= 0 else { return nil }
            return Window(offset: offset, limit: clamped)
        case .number:
            guard let number = Int(page["number"] ?? "1"), number >= 1 else { return nil }
            return Window(offset: (number - 1) * clamped, limit: clamped)
        }
    }

    /// The query again with the paging words of `offset`/`limit`, percent-encoded.
    func encoded(paging: JSONAPITestServer.Paging, _ offset: Int, _ limit: Int) -> String {
        var kept = items.filter { Self.bracketed($0.name)[0] != "page" }
        switch paging {
        case .offset:
            kept += [
                URLQueryItem(name: "page[offset]", value: String(offset)),
                URLQueryItem(name: "page[limit]", value: String(limit)),
            ]
        case .number:
            kept += [
                URLQueryItem(name: "page[number]", value: String(offset / limit + 1)),
                URLQueryItem(name: "page[size]", value: String(limit)),
            ]
        }
        return kept.map { Self.encode($0.name) + "=" + Self.encode($0.value ?? "") }.joined(separator: "&")
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~,")))
            ?? text
    }
}
