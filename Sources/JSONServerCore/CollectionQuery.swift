import Foundation
import JSON

/// The json-server query language of a list request, parsed once.
///
/// Reserved parameters (`q`, `_sort`, `_order`, `_start`, `_end`, `_limit`,
/// `_page`, `_embed`, `_expand`) steer the answer; every other parameter is
/// a field filter, optionally with an operator suffix (`_gte`, `_lte`,
/// `_ne`, `_like`). Repeated filter names are ORed, different names ANDed.
public struct CollectionQuery: Sendable {
    /// A filter on one field path.
    public struct FieldFilter: Sendable {
        /// How a filter compares.
        public enum Operator: Sendable, Hashable {
            case equal, notEqual, greaterOrEqual, lessOrEqual, like
        }

        /// The dotted field path, e.g. `address.city`.
        public var path: String
        /// The comparison.
        public var comparison: Operator
        /// The accepted values (any one matches).
        public var values: [String]
        /// Compiled patterns for `_like`, parallel to `values`.
        var patterns: [NSRegularExpression] = []
        /// `path` split at dots, computed once.
        var components: [String] { path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
        /// Values that are canonical integers (`"7"`, not `"07"`), for
        /// allocation-free equality with `.int` fields.
        var integers: [Int] { values.compactMap { text in Int(text).flatMap { String($0) == text ? $0 : nil } } }
    }

    /// The filters in first-appearance order.
    public var filters: [FieldFilter] = []
    /// The lower-cased full-text search, if any.
    public var search: String?
    /// Sort field paths, in priority order.
    public var sortFields: [String] = []
    /// `true` for fields sorted descending (parallel to `sortFields`).
    public var descending: [Bool] = []
    /// Raw `_start`, `_end`, `_limit`, `_page` values.
    public var start: String?, end: String?, limit: String?, page: String?
    /// Collections to embed as children (`_embed`).
    public var embed: [String] = []
    /// Parents to expand (`_expand`).
    public var expand: [String] = []

    static let reserved: Set<String> = [
        "q", "_sort", "_order", "_start", "_end", "_limit", "_page", "_embed", "_expand", "callback", "_",
    ]

    /// A `_like` value that is not a valid regular expression.
    public struct InvalidPattern: Error, Sendable, Hashable {
        /// The offending pattern.
        public var pattern: String
    }

    /// Parses query items; throws when a `_like` pattern does not compile.
    public init(_ items: [QueryItem]) throws(InvalidPattern) {
        var order: [String] = []
        var grouped: [String: [String]] = [:]
        for item in items {
            switch item.name {
            case "q": if search == nil { search = item.value.lowercased() }
            case "_sort": if sortFields.isEmpty { sortFields = item.value.split(separator: ",").map(String.init) }
            case "_order":
                if descending.isEmpty {
                    descending = item.value.split(separator: ",").map { $0.lowercased() == "desc" }
                }
            case "_start": start = start ?? item.value
            case "_end": end = end ?? item.value
            case "_limit": limit = limit ?? item.value
            case "_page": page = page ?? item.value
            case "_embed": embed.append(item.value)
            case "_expand": expand.append(item.value)
            case _ where CollectionQuery.reserved.contains(item.name): continue
            default:
                if grouped[item.name] == nil { order.append(item.name) }
                grouped[item.name, default: []].append(item.value)
            }
        }
        while descending.count < sortFields.count { descending.append(false) }
        for name in order {
            filters.append(try CollectionQuery.filter(name: name, values: grouped[name] ?? []))
        }
    }

    private static func filter(name: String, values: [String]) throws(InvalidPattern) -> FieldFilter {
        let suffixes: [(String, FieldFilter.Operator)] = [
            ("_gte", .greaterOrEqual), ("_lte", .lessOrEqual), ("_ne", .notEqual), ("_like", .like),
        ]
        for (suffix, comparison) in suffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            var filter = FieldFilter(path: String(name.dropLast(suffix.count)), comparison: comparison, values: values)
            if comparison == .like {
                for value in values {
                    do {
                        // An empty pattern matches everything, as JavaScript's `new RegExp("")` does.
                        filter.patterns.append(
                            try NSRegularExpression(
                                pattern: value.isEmpty ? "(?:)" : value, options: [.caseInsensitive]))
                    } catch {
                        throw InvalidPattern(pattern: value)
                    }
                }
            }
            return filter
        }
        return FieldFilter(path: name, comparison: .equal, values: values)
    }

    /// `true` when the answer is paged or sliced, so `X-Total-Count` is sent
    /// (json-server checks `_end`, `_limit` and `_page`).
    public var isSliced: Bool {
        [end, limit, page].contains { $0.map { !$0.isEmpty } ?? false }
    }
}
