import Foundation
import JSON
import Testing

@testable import JSONServerCore

/// ``ColumnRanks/order(_:codes:descending:)`` is a stable sort by rank in
/// every one of its ways: keys already in order, keys strictly against it,
/// a counting sort of few ranks, and the radix sort of many (65,536 ranks
/// or more), checked against a comparison sort of the same keys.
@Suite struct ColumnOrderTests {
    /// A small deterministic generator (SplitMix64), so a failure repeats.
    private struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// `positions` stably sorted by their codes' ranks: what `order` must give.
    private static func expected(_ positions: [Int], codes: [UInt32], ranks: ColumnRanks, descending: Bool) -> [Int] {
        positions.enumerated().sorted { lhs, rhs in
            let a = ranks.ranks[Int(codes[lhs.element])]
            let b = ranks.ranks[Int(codes[rhs.element])]
            if a != b { return descending ? a > b : a < b }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Where two orders first differ (an index and both positions there), `nil` when they do not.
    private static func firstDifference(_ lhs: [Int], _ rhs: [Int]) -> String? {
        guard lhs.count == rhs.count else { return "\(lhs.count) positions, not \(rhs.count)" }
        guard let index = lhs.indices.first(where: { lhs[$0] != rhs[$0] }) else { return nil }
        return "at \(index): \(lhs[index]), not \(rhs[index])"
    }

    /// `values` distinct-ish numbers (repeats and nulls among them), `records` codes into them (0: missing).
    private static func column(values: Int, range: Int, records: Int, seed: UInt64) -> (
        values: [JSONValue], codes: [UInt32]
    ) {
        var random = Seeded(state: seed)
        let values: [JSONValue] = (0..<values).map { index in
            index % 97 == 0 ? .null : .int(Int.random(in: 0..<range, using: &random))
        }
        let codes = (0..<records).map { _ in UInt32.random(in: 0...UInt32(values.count), using: &random) }
        return (values, codes)
    }

    @Test(arguments: [(300, 50), (90_000, 10_000_000)])
    func theOrderIsAStableSortByRank(values: Int, range: Int) throws {
        let (values, codes) = Self.column(values: values, range: range, records: 120_000, seed: UInt64(values))
        let ranks = try #require(ColumnRanks(values, v1: false))
        // Many ranks take the radix sort, few the counting sort.
        #expect((ranks.top >= 1 << 16) == (values.count > 1 << 16))
        var random = Seeded(state: 5)
        let all = Array(codes.indices)
        let some = all.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
        for positions in [all, some] {
            for descending in [false, true] {
                let ordered = ranks.order(positions, codes: codes, descending: descending)
                let expected = Self.expected(positions, codes: codes, ranks: ranks, descending: descending)
                #expect(Self.firstDifference(ordered, expected) == nil, "descending: \(descending)")
            }
        }
    }

    @Test func keysInOrderOrStrictlyAgainstItAreSeenInOnePass() throws {
        let values: [JSONValue] = (0..<70_000).map { .int($0 * 3) }
        let codes = (0...70_000).map(UInt32.init)
        let ranks = try #require(ColumnRanks(values, v1: false))
        let positions = Array(1...70_000)
        #expect(ranks.order(positions, codes: codes, descending: false) == positions)
        #expect(ranks.order(positions, codes: codes, descending: true) == positions.reversed())
        // Ties against the order keep their positions' order: not simply reversed.
        let tied = (0...70_000).map { UInt32($0 / 2 + 1) }
        let ordered = ranks.order(positions, codes: tied, descending: true)
        #expect(
            Self.firstDifference(ordered, Self.expected(positions, codes: tied, ranks: ranks, descending: true)) == nil)
        #expect(ordered.prefix(3) == [70_000, 69_998, 69_999])
    }
}
