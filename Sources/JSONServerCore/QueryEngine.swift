import Foundation
import JSON

/// Pure json-server list semantics: filter, search, sort and slice a
/// collection, working on indices so items are never copied.
public enum QueryEngine {
    /// Indices of `items` that pass the filters and the full-text search, in order.
    ///
    /// Equality filters on fields that no item has are ignored, as json-server
    /// drops query parameters it cannot find in the data.
    public static func matchingIndices(_ items: [JSONValue], query: CollectionQuery) -> [Int] {
        matchingIndices(items, query: query, searchHits: nil)
    }

    /// The same, where `searchHits` (when given) are the ascending indices
    /// of the items that pass the full-text search (from a ``SearchIndex``).
    static func matchingIndices(_ items: [JSONValue], query: CollectionQuery, searchHits: [Int]?) -> [Int] {
        let filters = query.filters.filter { filter in
            filter.comparison != .equal || items.contains { $0.value(atPath: filter.path) != nil }
        }
        let prepared = filters.map { PreparedFilter(filter: $0, components: $0.components, integers: $0.integers) }
        if let searchHits {
            if prepared.isEmpty { return searchHits }
            return searchHits.filter { index in prepared.allSatisfy { matches(items[index], $0) } }
        }
        let search = query.search.flatMap { $0.isEmpty ? nil : TextSearch($0) }
        if filters.isEmpty && search == nil { return Array(items.indices) }
        return items.indices.filter { index in
            let item = items[index]
            if let search, !search.matches(anyValueIn: item) { return false }
            return prepared.allSatisfy { matches(item, $0) }
        }
    }

    /// A filter with its path split and integer values parsed, once per request.
    struct PreparedFilter {
        var filter: CollectionQuery.FieldFilter
        var components: [String]
        var integers: [Int]
        /// The filter's values read as numbers once (`nil`: not one), for
        /// `_gte`/`_lte` on numbers: over a million values, reading the
        /// query's text each time took a fifth of a second.
        var numbers: [Double?]

        init(filter: CollectionQuery.FieldFilter, components: [String], integers: [Int]) {
            self.filter = filter
            self.components = components
            self.integers = integers
            numbers = filter.values.map { Double($0.trimmingSpaces()) }
        }
    }

    /// Whether `item` passes one filter (any of its values).
    static func matches(_ item: JSONValue, _ prepared: PreparedFilter) -> Bool {
        matches(field: item.value(atComponents: prepared.components), prepared)
    }

    /// Whether a record whose field at the filter's path is `field` (`nil`: none) passes one filter.
    static func matches(field: JSONValue?, _ prepared: PreparedFilter) -> Bool {
        guard let field, !field.isNull else { return false }
        let values = prepared.filter.values
        switch prepared.filter.comparison {
        case .equal:
            return equals(field, prepared)
        case .notEqual:
            let text = field.scriptString
            return values.contains { $0 != text }
        case .greaterOrEqual:
            return values.indices.contains {
                compare(field, withQueryValue: values[$0], number: prepared.numbers[$0]).map { $0 >= 0 } ?? false
            }
        case .lessOrEqual:
            return values.indices.contains {
                compare(field, withQueryValue: values[$0], number: prepared.numbers[$0]).map { $0 <= 0 } ?? false
            }
        case .like:
            let text = field.scriptString
            let range = NSRange(text.startIndex..., in: text)
            return prepared.filter.patterns.contains { $0.firstMatch(in: text, range: range) != nil }
        }
    }

    /// Whether field value `field` passes equality filter `prepared` (any of its values).
    static func equals(_ field: JSONValue, _ prepared: PreparedFilter) -> Bool {
        let values = prepared.filter.values
        switch field {
        case .null: return false
        case .int(let number): return prepared.integers.contains(number)
        case .string(let text): return values.contains(text)
        case .bool(let flag): return values.contains(flag ? "true" : "false")
        default:
            let text = field.scriptString
            return values.contains { $0 == text }
        }
    }

    /// Compares a field with a query string the way JavaScript's `<=` does:
    /// numerically for numbers and booleans, by code units for strings;
    /// `nil` when not comparable (NaN).
    static func compare(_ field: JSONValue, withQueryValue text: String) -> Int? {
        compare(field, withQueryValue: text, number: Double(text.trimmingSpaces()))
    }

    /// ``compare(_:withQueryValue:)`` with the query string already read as a number (`number`).
    static func compare(_ field: JSONValue, withQueryValue text: String, number: Double?) -> Int? {
        switch field {
        case .int, .double, .bool:
            let lhs = field.doubleValue ?? (field.boolValue == true ? 1 : 0)
            guard let rhs = number else { return nil }
            return lhs < rhs ? -1 : (lhs > rhs ? 1 : 0)
        case .string(let string):
            return compareBytes(string, text)
        default:
            return nil
        }
    }

    /// Sorts indices by the query's sort fields (stable; lodash `orderBy` order).
    public static func sort(_ indices: [Int], of items: [JSONValue], query: CollectionQuery) -> [Int] {
        guard !query.sortFields.isEmpty else { return indices }
        // Extract the sort keys once, flat (row-major), so comparisons touch no objects.
        let fieldCount = query.sortFields.count
        let paths = query.sortFields.map { $0.split(separator: ".", omittingEmptySubsequences: false) }
        var keys: [JSONValue?] = []
        keys.reserveCapacity(indices.count * fieldCount)
        for index in indices {
            for path in paths { keys.append(items[index].value(atComponents: path)) }
        }
        let descending = query.descending
        if fieldCount == 1, let sorted = sortByStrings(indices, keys: keys, descending: descending[0]) { return sorted }
        let positions = Array(indices.indices).sorted { lhs, rhs in
            for field in 0..<fieldCount {
                var order = compareForSort(keys[lhs &* fieldCount &+ field], keys[rhs &* fieldCount &+ field])
                if descending[field] { order = -order }
                if order != 0 { return order < 0 }
            }
            return lhs < rhs
        }
        return positions.map { indices[$0] }
    }

    /// The common single string field case: sorts `(key, position)` pairs,
    /// which moves rather than copies strings; `nil` when a key is not a string.
    private static func sortByStrings(_ indices: [Int], keys: [JSONValue?], descending: Bool) -> [Int]? {
        var pairs: [(key: String, position: Int)] = []
        var missing: [Int] = []  // missing and null keys sort last ascending, first descending
        pairs.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() {
            switch key {
            case .string(let text)?: pairs.append((text, position))
            case nil, .null?: missing.append(position)
            default: return nil
            }
        }
        pairs.sort { lhs, rhs in
            let order = compareBytes(lhs.key, rhs.key)
            if order != 0 { return descending ? order > 0 : order < 0 }
            return lhs.position < rhs.position
        }
        let ordered = descending ? missing + pairs.map(\.position) : pairs.map(\.position) + missing
        return ordered.map { indices[$0] }
    }

    /// lodash's `compareAscending`: missing and null values last, numbers
    /// numerically, strings by code point, mixed kinds equal.
    static func compareForSort(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Int {
        // Spelled out: in `lhs.flatMap { $0.isNull ? nil : $0 }` the `nil`
        // became `JSONValue.null` (a nil literal), so null compared equal to
        // everything and the order of a sort with nulls was the algorithm's.
        let left: JSONValue? = lhs?.isNull ?? true ? nil : lhs
        let right: JSONValue? = rhs?.isNull ?? true ? nil : rhs
        switch (left, right) {
        case (nil, nil): return 0
        case (nil, _): return 1
        case (_, nil): return -1
        case (.string(let a)?, .string(let b)?): return compareBytes(a, b)
        case (let a?, let b?):
            guard let x = a.sortNumber, let y = b.sortNumber else { return 0 }
            return x < y ? -1 : (x > y ? 1 : 0)
        }
    }

    /// Byte-wise (code point) comparison of two strings.
    static func compareBytes(_ lhs: String, _ rhs: String) -> Int {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { a in
            rhs.utf8.withContiguousStorageIfAvailable { b -> Int in
                let common = min(a.count, b.count)
                if common > 0, let pa = a.baseAddress, let pb = b.baseAddress {
                    let result = memcmp(pa, pb, common)
                    if result != 0 { return result < 0 ? -1 : 1 }
                }
                return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
            }
        }
        if let result = fast ?? nil { return result }
        var a = lhs.utf8.makeIterator()
        var b = rhs.utf8.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?): if x != y { return x < y ? -1 : 1 }
            }
        }
    }
}

extension JSONValue {
    fileprivate var sortNumber: Double? {
        switch self {
        case .int, .double: return doubleValue
        case .bool(let flag): return flag ? 1 : 0
        default: return nil
        }
    }
}
