import JSON
import Services

/// The order of loaded records: sorting them by a column's field, and
/// telling a server that sorted from one that ignored `_sort`. Pure
/// functions the list's state uses.
enum RecordOrder {
    /// `records` sorted by the column's field (stable; numbers as numbers).
    static func sorted(_ records: [RecordEntity], by field: String, descending: Bool) -> [RecordEntity] {
        let keys = records.map { SortKey($0.json.value(atPath: field)) }
        let order = records.indices.sorted { lhs, rhs in
            let ordering = keys[lhs].compare(keys[rhs])
            return ordering == 0 ? lhs < rhs : (descending ? ordering > 0 : ordering < 0)
        }
        return order.map { records[$0] }
    }

    /// Whether `records` are in order by `field`, comparing text with or
    /// without case (servers differ): tells a server that sorted from one
    /// that ignored `_sort`.
    static func isSorted(_ records: [RecordEntity], by field: String, descending: Bool) -> Bool {
        func ordered(_ keys: [SortKey]) -> Bool {
            zip(keys, keys.dropFirst()).allSatisfy { pair in
                let order = pair.0.compare(pair.1)
                return descending ? order >= 0 : order <= 0
            }
        }
        // Servers differ on where records without the field go: leave them out.
        let values = records.compactMap { $0.json.value(atPath: field) }.filter { !$0.isNull }
        return ordered(values.map { SortKey($0) }) || ordered(values.map { SortKey($0, caseSensitive: true) })
    }

    /// A field value ready for comparison: numbers (and strings of digits)
    /// before text, text without case.
    struct SortKey {
        let number: Double?
        let text: String

        init(_ value: JSONValue?, caseSensitive: Bool = false) {
            switch value {
            case .int(let number)?: self.number = Double(number)
            case .double(let number)?: self.number = number
            case .bool(let flag)?: self.number = flag ? 1 : 0
            // String ids (json-server v1) sort as the numbers they are: 9 before 10.
            case .string(let text)?
            where !text.isEmpty && text.utf8.count < 16 && text.utf8.allSatisfy({ (0x30...0x39).contains($0) }):
                self.number = Double(text)
            default: self.number = nil
            }
            let raw = number == nil ? RecordEntity.text(value) : ""
            text = caseSensitive ? raw : raw.lowercased()
        }

        func compare(_ other: SortKey) -> Int {
            switch (number, other.number) {
            case let (lhs?, rhs?): return lhs < rhs ? -1 : (lhs > rhs ? 1 : 0)
            case (.some, nil): return -1
            case (nil, .some): return 1
            case (nil, nil): return text < other.text ? -1 : (text > other.text ? 1 : 0)
            }
        }
    }
}

/// The text the list's filter searches in each loaded record.
enum RecordSearch {
    /// The search index of `records`, in their order: every scalar value of each.
    static func index(_ records: [RecordEntity]) -> SearchIndex {
        SearchIndex(records.lazy.map { text($0.json) })
    }

    /// Every scalar value of a record (nested ones too), space-separated,
    /// but not its hypermedia: a HAL record's `_links` hold the server's
    /// address in every row, so `37` would match them all on port 33737.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .object(let object):
            var parts: [String] = []
            for (key, member) in object where !isHypermedia(key) { parts.append(text(member)) }
            return parts.joined(separator: " ")
        case .array(let items): return items.map(text).joined(separator: " ")
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        default: return RecordEntity.text(value)
        }
    }

    /// Members that are controls, not data: HAL's links and forms
    /// (`_links`, `_templates`) and OData's annotations (`@odata.etag`,
    /// `author@odata.navigationLink`).
    static func isHypermedia(_ key: String) -> Bool {
        // Byte checks first: this runs for every member of every loaded row,
        // and Foundation's `contains` goes through NSString.
        if key.utf8.first == UInt8(ascii: "_") { return key == "_links" || key == "_templates" }
        return key.utf8.contains(UInt8(ascii: "@")) && key.contains("@odata.")
    }
}
