import JSON

/// The top-level scalar fields of a collection's records as compact columns
/// (a struct of arrays): for each field, every record's value as a 4-byte
/// code into the field's values, and every record's integer `id`.
///
/// Built from an outlined file's records as they are parsed and dropped
/// (see ``LazyDatabase/index(of:)``), so filters, sorts and record reads
/// need neither the parsed records nor the whole parse: 1,000,000 todos
/// take about 8 MB of ids, 4 MB for each column of few values (`userId`,
/// `completed`) and, for a column of many (`title`), one value a record.
struct RecordColumns: Sendable {
    /// Values are shared (one code for equal values) up to this many; past
    /// it each record's value is kept as its own (a title): hashing a
    /// million strings costs more than it saves.
    static let sharedValues = 1 << 12
    /// The most bytes of text a column keeps; a field with more (long
    /// bodies) has no column, and requests on it need the whole data.
    static let maximumTextBytes = 256 << 20

    /// One field's values.
    struct Column: Sendable {
        /// Per record: 0 when the record lacks the field, else 1 + the index of its value in `values`.
        fileprivate(set) var codes: [UInt32]
        /// The values, in order of first appearance; equal values share an
        /// entry up to ``RecordColumns/sharedValues`` of them (so an entry
        /// may repeat another's value past that).
        fileprivate(set) var values: [JSONValue]
    }

    /// The number of records.
    let count: Int
    /// Whether every record is an object (filters on other items read
    /// array elements by number: only the whole data answers those).
    let allObjects: Bool
    /// The fields every value of which is a scalar (or null), with at most
    /// ``maximumTextBytes`` of text.
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
        for name in Set(parts.flatMap(\.names)) {
            // Kept only when no part dropped it and the joined values still fit.
            var joined = ColumnBuilder()
            var base = 0
            for part in parts {
                if let column = part.column(name) { joined.append(column, startingAt: base) }
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
        /// Every field seen, dropped ones marked, in order of first appearance.
        fileprivate var names: [String] = []
        private var columns: [ColumnBuilder] = []
        /// Each name's place in ``columns``.
        private var slots: [String: Int] = [:]
        /// The last record's keys and their places, by member position:
        /// records mostly share one shape, so a member whose key is the
        /// last record's at its position is placed without hashing its key.
        private var shape: [(key: String, slot: Int)] = []
        fileprivate var ids: [Int]? = []

        /// A builder with room for about `expectedCount` records' ids.
        init(expectedCount: Int) { ids?.reserveCapacity(expectedCount) }

        /// The column of field `name`, if some record had it.
        fileprivate func column(_ name: String) -> ColumnBuilder? { slots[name].map { columns[$0] } }

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
            for (position, member) in object.members.enumerated() {
                let slot: Int
                if position < shape.count, shape[position].key == member.key {
                    slot = shape[position].slot
                } else {
                    slot = self.slot(of: member.key)
                    if position < shape.count {
                        shape[position] = (member.key, slot)
                    } else {
                        shape.append((member.key, slot))
                    }
                }
                columns[slot].append(member.value, at: count)
            }
        }

        /// The place of field `name`'s column, made on its first appearance.
        private mutating func slot(of name: String) -> Int {
            if let slot = slots[name] { return slot }
            slots[name] = columns.count
            names.append(name)
            columns.append(ColumnBuilder())
            return columns.count - 1
        }
    }
}

/// A column being built: codes padded with 0 for the records before a
/// value; dropped (and emptied) at the first nested value or when its text
/// outgrows ``RecordColumns/maximumTextBytes``.
private struct ColumnBuilder: Sendable {
    var codes: [UInt32] = []
    var values: [JSONValue] = []
    /// Codes of the values so far, while they are few enough to share.
    private var lookup: [JSONValue: UInt32]? = [:]
    private var textBytes = 0
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
        if position == 0, codes.isEmpty, values.isEmpty {
            self = column  // the first part: what recoding it would give, without the copy
            return
        }
        pad(to: position)
        if lookup == nil {
            // Unshared: the part's values follow these, its codes shifted.
            let shift = UInt32(truncatingIfNeeded: values.count)
            textBytes += column.textBytes
            guard textBytes <= RecordColumns.maximumTextBytes else { return drop() }
            values.append(contentsOf: column.values)
            codes.append(contentsOf: column.codes.lazy.map { $0 == 0 ? 0 : $0 &+ shift })
            return
        }
        let recoded = column.values.map { code(of: $0) }
        guard !isDropped else { return }
        codes.append(contentsOf: column.codes.lazy.map { $0 == 0 ? 0 : recoded[Int($0) - 1] })
    }

    /// Records up to `count` that lack the field.
    mutating func pad(to count: Int) {
        if codes.count < count { codes.append(contentsOf: repeatElement(0, count: count - codes.count)) }
    }

    /// The codes of `false` and `true` once seen (0: not yet): a column of
    /// flags is coded without hashing a million values.
    private var flagCodes: (false: UInt32, true: UInt32) = (0, 0)

    private mutating func code(of value: JSONValue) -> UInt32 {
        guard case .bool(let flag) = value else { return lookedUpCode(of: value) }
        let known = flag ? flagCodes.true : flagCodes.false
        if known != 0 { return known }
        let code = lookedUpCode(of: value)
        if flag { flagCodes.true = code } else { flagCodes.false = code }
        return code
    }

    private mutating func lookedUpCode(of value: JSONValue) -> UInt32 {
        if let code = lookup?[value] { return code }
        if case .string(let text) = value {
            textBytes += text.utf8.count
            guard textBytes <= RecordColumns.maximumTextBytes else {
                drop()
                return 0
            }
        }
        values.append(value)
        let code = UInt32(truncatingIfNeeded: values.count)
        if lookup != nil {
            lookup?[value] = code
            if values.count >= RecordColumns.sharedValues { lookup = nil }
        }
        return code
    }

    private mutating func drop() {
        isDropped = true
        flagCodes = (0, 0)
        codes = []
        values = []
        lookup = [:]
    }
}
