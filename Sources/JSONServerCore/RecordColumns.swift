import JSON

/// The top-level scalar fields of a collection's records as compact columns
/// (a struct of arrays): for each field, every record's value as a 4-byte
/// code into the field's distinct values, and every record's integer `id`.
///
/// Built from an outlined file's records as they are parsed and dropped
/// (see ``LazyDatabase/index(of:)``), so equality filters and record reads
/// need neither the parsed records nor the whole parse: 1,000,000 todos
/// take about 8 MB of ids and 4 MB for each other column kept.
struct RecordColumns: Sendable {
    /// The most distinct values a column keeps; a field with more (a title)
    /// has no column, and filters on it need the whole data.
    static let maximumDistinct = 1 << 16

    /// One field's values.
    struct Column: Sendable {
        /// Per record: 0 when the record lacks the field, else 1 + the index of its value in `values`.
        fileprivate(set) var codes: [UInt32]
        /// The distinct values, in order of first appearance.
        fileprivate(set) var values: [JSONValue]
    }

    /// The number of records.
    let count: Int
    /// Whether every record is an object (filters on other items read
    /// array elements by number: only the whole data answers those).
    let allObjects: Bool
    /// The fields every value of which is a scalar (or null), with at most
    /// ``maximumDistinct`` distinct values.
    let columns: [String: Column]
    /// The other fields some record has (nested values, too many distinct values).
    let unindexed: Set<String>
    /// Every record's `id`, in order, when every record is an object whose
    /// `id` is an integer; `nil` otherwise.
    let ids: [Int]?

    /// Whether some record has field `name` (as json-server asks before filtering on it).
    func hasField(_ name: String) -> Bool { columns[name] != nil || unindexed.contains(name) }

    /// The position of the first record whose `id` is `id`, as the router
    /// matches ids (an integer id matches its canonical text only); `nil`
    /// when there is none. Only meaningful when ``ids`` is known.
    func position(ofID id: String) -> Int? {
        guard let ids, let number = Int(id), String(number) == id else { return nil }
        return ids.firstIndex(of: number)
    }

    /// The columns of the records of `parts`, one after the other (parts
    /// built on several threads from consecutive ranges of a collection).
    init(joining parts: [Builder]) {
        var count = 0
        var ids: [Int]? = []
        for part in parts {
            count += part.count
            if let partIDs = part.ids, ids != nil { ids?.append(contentsOf: partIDs) } else { ids = nil }
        }
        var columns: [String: Column] = [:]
        var unindexed: Set<String> = []
        for name in Set(parts.flatMap { $0.fields.keys }) {
            // Kept only when no part dropped it and the joined values still fit.
            var joined = ColumnBuilder()
            var base = 0
            for part in parts {
                if let column = part.fields[name] { joined.append(column, startingAt: base) }
                base += part.count
            }
            if joined.isDropped {
                unindexed.insert(name)
            } else {
                joined.pad(to: count)
                columns[name] = Column(codes: joined.codes, values: joined.values)
            }
        }
        self.count = count
        self.allObjects = parts.allSatisfy(\.allObjects)
        self.columns = columns
        self.unindexed = unindexed
        self.ids = ids
    }

    /// The columns of records appended one at a time.
    struct Builder: Sendable {
        fileprivate var count = 0
        fileprivate var allObjects = true
        /// Every field seen, dropped ones marked (one lookup a member).
        fileprivate var fields: [String: ColumnBuilder] = [:]
        fileprivate var ids: [Int]? = []

        /// A builder with room for about `expectedCount` records' ids.
        init(expectedCount: Int) { ids?.reserveCapacity(expectedCount) }

        /// Adds the next record.
        mutating func append(_ item: JSONValue) {
            defer { count += 1 }
            guard case .object(let object) = item else {
                allObjects = false
                ids = nil
                return
            }
            if ids != nil {
                if case .int(let id)? = object["id"] { ids?.append(id) } else { ids = nil }
            }
            for member in object.members {
                fields[member.key, default: ColumnBuilder()].append(member.value, at: count)
            }
        }
    }
}

/// A column being built: codes padded with 0 for the records before a
/// value; dropped (and emptied) at the first nested value or when the
/// distinct values outgrow ``RecordColumns/maximumDistinct``.
private struct ColumnBuilder: Sendable {
    var codes: [UInt32] = []
    var values: [JSONValue] = []
    private var lookup: [JSONValue: UInt32] = [:]
    private(set) var isDropped = false

    /// Sets record `position`'s value.
    mutating func append(_ value: JSONValue, at position: Int) {
        guard !isDropped else { return }
        switch value {
        case .array, .object: drop()
        default:
            pad(to: position)
            let code = code(of: value)
            if !isDropped { codes.append(code) }
        }
    }

    /// Appends another part's column, its first record at `position`.
    mutating func append(_ column: ColumnBuilder, startingAt position: Int) {
        guard !isDropped else { return }
        guard !column.isDropped else { return drop() }
        pad(to: position)
        let recoded = column.values.map { code(of: $0) }
        guard !isDropped else { return }
        codes.append(contentsOf: column.codes.lazy.map { $0 == 0 ? 0 : recoded[Int($0) - 1] })
    }

    /// Records up to `count` that lack the field.
    mutating func pad(to count: Int) {
        if codes.count < count { codes.append(contentsOf: repeatElement(0, count: count - codes.count)) }
    }

    private mutating func code(of value: JSONValue) -> UInt32 {
        if let code = lookup[value] { return code }
        guard values.count < RecordColumns.maximumDistinct else {
            drop()
            return 0
        }
        values.append(value)
        let code = UInt32(truncatingIfNeeded: values.count)
        lookup[value] = code
        return code
    }

    private mutating func drop() {
        isDropped = true
        codes = []
        values = []
        lookup = [:]
    }
}
