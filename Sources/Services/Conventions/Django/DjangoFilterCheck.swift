import Foundation
import JSON

/// Whether a Django REST framework page obeys the filters it was asked for.
///
/// django-filter applies only the lookups a view declares
/// (`filterset_fields`) and silently ignores every other query parameter:
/// `?publisher__ne=4` on a view without that lookup answers every book, and
/// the list would say "where publisher != 4" over rows with publisher 4. A
/// page is checked against the filters in its own URL; a row that
/// contradicts one, even under the most lenient reading (case-insensitive
/// text, numbers as numbers), shows the server ignored it. Values that
/// cannot be compared (a hyperlinked relation, a date, a field the row
/// lacks) are never taken as a contradiction.
enum DjangoFilterCheck {
    /// A filter the server ignored and the row that shows it.
    struct Ignored: Equatable {
        /// `publisher__ne=4`.
        var filter: String
        /// The row's id, `?` when it has none.
        var id: String
        var field: String
        /// The row's value, as JSON text (`4`, `"Harbor House"`).
        var value: String
    }

    /// The lookups ``DjangoConvention/item(_:)`` spells.
    static let lookups: Set<String> = ["exact", "ne", "lt", "lte", "gt", "gte", "icontains", "in"]
    /// Parameters that are not filters (paging, sort, search, format).
    static let notFilters: Set<String> = [
        "page", "page_size", "limit", "offset", "ordering", "search", "cursor", "format",
    ]

    /// The first filter in `url`'s query that a row of `records` contradicts.
    static func ignored(in url: URL, records: [JSONValue], idField: String = "id") -> Ignored? {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        for item in items where !notFilters.contains(item.name) {
            guard let wanted = item.value else { continue }
            let parts = item.name.components(separatedBy: "__")
            guard parts.count <= 2, let field = parts.first, !field.isEmpty else { continue }
            let lookup = parts.count == 2 ? parts[1] : "exact"
            guard lookups.contains(lookup) else { continue }
            for record in records {
                guard let value = record[field], holds(value, lookup, wanted) == false else { continue }
                let id = record[idField].map { $0.stringValue ?? text(of: $0) } ?? "?"
                return Ignored(filter: "\(item.name)=\(wanted)", id: id, field: field, value: text(of: value))
            }
        }
        return nil
    }

    /// Whether `value` passes `lookup` with `wanted`; `nil` when that cannot be told.
    static func holds(_ value: JSONValue, _ lookup: String, _ wanted: String) -> Bool? {
        switch lookup {
        case "exact": return equal(value, wanted)
        case "ne": return equal(value, wanted).map(!)
        case "in":
            let answers = wanted.split(separator: ",").map { equal(value, String($0)) }
            if answers.contains(true) { return true }
            return answers.contains(nil) ? nil : false
        case "icontains":
            guard let text = value.stringValue ?? value.intValue.map(String.init) else { return nil }
            return text.lowercased().contains(wanted.lowercased())
        default:
            guard let left = value.doubleValue, let right = Double(wanted) else { return nil }
            switch lookup {
            case "lt": return left < right
            case "lte": return left <= right
            case "gt": return left > right
            default: return left >= right
            }
        }
    }

    /// `value` equals `wanted` as django-filter would read `wanted` for it.
    private static func equal(_ value: JSONValue, _ wanted: String) -> Bool? {
        if let left = value.doubleValue { return Double(wanted).map { $0 == left } }
        if let flag = value.boolValue {
            switch wanted.lowercased() {
            case "true", "1", "yes", "on": return flag
            case "false", "0", "no", "off": return !flag
            default: return nil
            }
        }
        guard let text = value.stringValue, !ConventionPath.isAddress(text) else { return nil }
        return text.lowercased() == wanted.lowercased()
    }

    private static func text(of value: JSONValue) -> String {
        String(decoding: JSONWriter.data(value), as: UTF8.self)
    }
}
