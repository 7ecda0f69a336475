import JSON
import Synchronization

/// A column's values ranked in a dialect's sort order, so sorting records
/// by the column is a stable counting sort of 4-byte ranks (linear), not a
/// comparison sort of JSON values.
///
/// Only a column whose order is a total one gets ranks: all its non-null
/// values strings, or all numbers and flags (v1: all strings of digits, or
/// no string of digits). Mixed kinds compare as equal in json-server's
/// order, which is not transitive: only the full engine can reproduce what
/// its sort makes of them.
struct ColumnRanks: Sendable {
    /// Per code (0: the record lacks the field): its rank. Missing and null
    /// values share the highest rank (last ascending, first descending, as
    /// lodash orders them).
    let ranks: [UInt32]
    /// The highest rank.
    let top: UInt32

    /// The ranks of `values` (a column's values, in code order) in the v0
    /// order (``QueryEngine/compareForSort(_:_:)``) or, with `v1`, in v1's
    /// (``JSONServerRouter/compareForSortV1(_:_:)``); `nil` when that order
    /// is not total over them.
    init?(_ values: [JSONValue], v1: Bool) {
        enum Kind { case text, number, digits }
        var kind: Kind?
        for value in values {
            let this: Kind
            switch value {
            case .null: continue
            case .string(let text): this = v1 && Self.digits(text) != nil ? .digits : .text
            case .int, .double, .bool: this = .number
            case .array, .object: return nil
            }
            if let kind, kind != this { return nil }
            kind = this
        }
        let present = values.indices.filter { !values[$0].isNull }
        let order: [Int]
        let same: (Int, Int) -> Bool
        switch kind {
        case .number?:
            let keys = values.map(Self.number)
            order = Self.sorted(present) { keys[$0] < keys[$1] }
            same = { keys[$0] == keys[$1] }
        case .digits?:
            let keys = values.map { value -> Int in
                if case .string(let text) = value { return Self.digits(text) ?? 0 }
                return 0
            }
            order = Self.sorted(present) { keys[$0] < keys[$1] }
            same = { keys[$0] == keys[$1] }
        case .text?:
            let keys = values.map { value -> String in
                if case .string(let text) = value { return text }
                return ""
            }
            order = Self.sorted(present) { QueryEngine.compareBytes(keys[$0], keys[$1]) < 0 }
            same = { keys[$0] == keys[$1] }
        case nil:
            order = []
            same = { _, _ in true }
        }
        var ranks = [UInt32](repeating: 0, count: values.count + 1)
        var rank: UInt32 = 0
        for (position, index) in order.enumerated() {
            if position > 0, !same(order[position - 1], index) { rank += 1 }
            ranks[index + 1] = rank
        }
        let top = order.isEmpty ? 0 : rank + 1
        ranks[0] = top
        for index in values.indices where values[index].isNull { ranks[index + 1] = top }
        self.ranks = ranks
        self.top = top
    }

    /// `indices` ordered by `less`; a list already in order (ids written in
    /// order) is seen in one pass.
    private static func sorted(_ indices: [Int], by less: (Int, Int) -> Bool) -> [Int] {
        var inOrder = true
        for position in indices.indices.dropFirst() where less(indices[position], indices[position - 1]) {
            inOrder = false
            break
        }
        return inOrder ? indices : indices.sorted(by: less)
    }

    /// A number or flag as json-server compares it.
    private static func number(_ value: JSONValue) -> Double {
        switch value {
        case .bool(let flag): return flag ? 1 : 0
        default: return value.doubleValue ?? 0
        }
    }

    /// A string of digits as v1 sorts it (as a number), as
    /// ``JSONServerRouter/compareForSortV1(_:_:)`` reads one.
    static func digits(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count < 19, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(text)
    }

    /// `positions` stably ordered by their records' ranks (`codes` being
    /// the column's codes), descending with `descending`. Keys already in
    /// order (ids written in order) are seen in one pass, and keys strictly
    /// against it give the positions reversed; otherwise a counting sort
    /// when the ranks are few, else a radix sort of the 4-byte keys in two
    /// 16-bit passes (256 KiB of counters, not one counter per rank).
    func order(_ positions: [Int], codes: [UInt32], descending: Bool) -> [Int] {
        guard positions.count > 1 else { return positions }
        var keys = [UInt32](repeating: 0, count: positions.count)
        var ascending = true
        var strictlyDescending = true
        keys.withUnsafeMutableBufferPointer { keys in
            ranks.withUnsafeBufferPointer { ranks in
                codes.withUnsafeBufferPointer { codes in
                    var previous = UInt32.max
                    for (slot, position) in positions.enumerated() {
                        let rank = ranks[Int(codes[position])]
                        let key = descending ? top - rank : rank
                        keys[slot] = key
                        if slot > 0 {
                            if key < previous { ascending = false }
                            if key >= previous { strictlyDescending = false }
                        }
                        previous = key
                    }
                }
            }
        }
        if ascending { return positions }
        if strictlyDescending { return positions.reversed() }
        let slots =
            top < 1 << 16
            ? Self.countingOrder(keys, digits: { $0 }, buckets: Int(top) + 1)
            : Self.countingOrder(
                keys, after: Self.countingOrder(keys, digits: { $0 & 0xFFFF }, buckets: 1 << 16),
                digits: { $0 >> 16 }, buckets: 1 << 16)
        return slots.map { positions[Int($0)] }
    }

    /// The slots of `keys` (in the order `after` gives them, else
    /// ascending) stably ordered by `digits` of their keys, each below `buckets`.
    private static func countingOrder(
        _ keys: [UInt32], after previous: [UInt32]? = nil, digits: (UInt32) -> UInt32, buckets: Int
    ) -> [UInt32] {
        var starts = [Int](repeating: 0, count: buckets + 1)
        var ordered = [UInt32](repeating: 0, count: keys.count)
        keys.withUnsafeBufferPointer { keys in
            starts.withUnsafeMutableBufferPointer { starts in
                for key in keys { starts[Int(digits(key)) + 1] += 1 }
                for bucket in 1...buckets { starts[bucket] += starts[bucket - 1] }
                ordered.withUnsafeMutableBufferPointer { ordered in
                    if let previous {
                        for slot in previous {
                            let digit = Int(digits(keys[Int(slot)]))
                            ordered[starts[digit]] = slot
                            starts[digit] += 1
                        }
                    } else {
                        for slot in 0..<UInt32(keys.count) {
                            let digit = Int(digits(keys[Int(slot)]))
                            ordered[starts[digit]] = slot
                            starts[digit] += 1
                        }
                    }
                }
            }
        }
        return ordered
    }
}

/// What an ``OutlineIndex`` works out on first need and keeps: each
/// column's ranks and the sorted order of all records for each sort asked.
/// Filled from several requests at once, hence the locks; two requests
/// needing the same order at once may both work it out (the same answer).
final class ColumnOrders: Sendable {
    /// The most whole-collection orders kept (a request with other sort keys drops them all).
    static let keptOrders = 8

    private let ranks = Mutex<[String: ColumnRanks?]>([:])
    private let orders = Mutex<[String: [Int]]>([:])

    /// The ranks of the column named `key` (e.g. `v0 title`) whose values
    /// `values` gives, worked out once.
    func ranks(_ key: String, v1: Bool, of values: () -> [JSONValue]) -> ColumnRanks? {
        if let known = ranks.withLock({ $0[key] }) { return known }
        let worked = ColumnRanks(values(), v1: v1)
        ranks.withLock { $0[key] = worked }
        return worked
    }

    /// Whether the order of all records under `key` is worked out.
    func hasOrder(_ key: String) -> Bool { orders.withLock { $0[key] != nil } }

    /// The order of all records under `key`, worked out by `work` once.
    func order(_ key: String, _ work: () -> [Int]) -> [Int] {
        if let known = orders.withLock({ $0[key] }) { return known }
        let worked = work()
        orders.withLock { orders in
            if orders.count >= Self.keptOrders { orders.removeAll() }
            orders[key] = worked
        }
        return worked
    }
}
