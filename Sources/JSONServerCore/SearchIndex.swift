import Foundation
import JSON

/// A collection's searchable text laid out flat, so a full-text search
/// (`q=`) over a million items is one pass over contiguous bytes
/// instead of a walk through every item's values.
///
/// It holds exactly the texts ``TextSearch`` looks at — every truthy string,
/// number (as JavaScript writes it) and `true`, at any depth, never keys —
/// ASCII-lower-cased, each followed by a zero byte. For a needle that is
/// ASCII without zero bytes this gives the same answer as ``TextSearch``:
/// that search lower-cases only ASCII letters of the haystack, and a match
/// cannot span two values because the needle has no zero byte. Other
/// needles use ``TextSearch``.
struct SearchIndex: Sendable {
    /// The texts, item after item.
    private let bytes: [UInt8]
    /// Where item `i`'s texts start in `bytes`; one more entry, the end.
    private let starts: [Int]

    /// The number of items indexed (to notice a changed collection).
    var count: Int { starts.count - 1 }

    /// Indexes `items` (one pass; about 60 bytes per todo).
    init(_ items: [JSONValue]) {
        var builder = Builder(expectedCount: items.count)
        for item in items { builder.append(item) }
        self.init(joining: [builder])
    }

    /// The index of the items of `parts`, one after the other (parts built
    /// on several threads from consecutive ranges of a collection).
    init(joining parts: [Builder]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        if parts.count == 1, let only = parts.first {
            bytes = only.bytes
            starts = only.starts
        } else {
            bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
            starts.reserveCapacity(parts.reduce(1) { $0 + $1.starts.count })
            for part in parts {
                let offset = bytes.count
                starts.append(contentsOf: part.starts.lazy.map { $0 + offset })
                bytes.append(contentsOf: part.bytes)
            }
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
    }

    /// The texts of items appended one at a time, so an index can be built
    /// from records that are parsed and dropped one by one.
    struct Builder: Sendable {
        fileprivate var bytes: [UInt8] = []
        /// Where each item's texts start (without the end entry).
        fileprivate var starts: [Int] = []

        /// A builder with room for about `expectedCount` items.
        init(expectedCount: Int) {
            bytes.reserveCapacity(expectedCount * 48)
            starts.reserveCapacity(expectedCount)
        }

        /// Adds the texts of the next item.
        mutating func append(_ item: JSONValue) {
            starts.append(bytes.count)
            SearchIndex.append(item, to: &bytes)
        }
    }

    /// The needle's bytes when the index can answer it: ASCII, no zero byte, not empty.
    static func indexableNeedle(_ needle: String) -> [UInt8]? {
        let lowered = Array(needle.lowercased().utf8)
        guard !lowered.isEmpty, lowered.allSatisfy({ $0 != 0 && $0 < 0x80 }) else { return nil }
        return lowered
    }

    /// Indices (ascending) of the items with a value containing `needle`
    /// (bytes from ``indexableNeedle(_:)``): `memchr` (vectorised in libc)
    /// to the next place the first byte occurs, `memcmp` for the rest, and
    /// after a hit on to the next item. The item of a hit is found forward
    /// from the last one's, so a needle in half a million items costs
    /// about one comparison a hit, and a rare one a few per hit.
    func matchingIndices(_ needle: [UInt8]) -> [Int] {
        var result: [Int] = []
        bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return }
                let length = pattern.count
                let first = Int32(pattern[0])
                var offset = 0
                var item = 0
                while offset + length <= haystack.count {
                    guard let hit = memchr(base + offset, first, haystack.count - length + 1 - offset) else { break }
                    let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if length == 1 || memcmp(base + position + 1, patternBase + 1, length - 1) == 0 {
                        item = itemIndex(containing: position, from: item)
                        result.append(item)
                        offset = starts[item + 1]
                    } else {
                        offset = position + 1
                    }
                }
            }
        }
        return result
    }

    /// The item whose texts hold byte `position`, at or after item `first`
    /// (whose texts start at or before it): galloping forward over `starts`,
    /// then a binary search within the last step.
    private func itemIndex(containing position: Int, from first: Int) -> Int {
        var low = first  // starts[low] <= position
        var step = 1
        while low + step < starts.count - 1, starts[low + step] <= position {
            low += step
            step *= 2
        }
        var high = min(low + step, starts.count - 1)  // starts[high] > position
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= position { low = middle } else { high = middle }
        }
        return low
    }

    private static func append(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null, .bool(false), .int(0): return
        case .bool(true): appendLowered("true", to: &bytes)
        case .int(let number): appendDigits(number, to: &bytes)
        case .double(let number):
            guard number != 0, !number.isNaN else { return }
            appendLowered(JSONValue.scriptNumber(number), to: &bytes)
        case .string(let text):
            guard !text.isEmpty else { return }
            appendLowered(text, to: &bytes)
        case .array(let items):
            for item in items { append(item, to: &bytes) }
        case .object(let object):
            for member in object.members { append(member.value, to: &bytes) }
        }
    }

    /// Appends `text` (one copy of its UTF-8), then lower-cases the ASCII
    /// letters of what was appended in place.
    private static func appendLowered(_ text: String, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in start..<buffer.count {
                let byte = buffer[index]
                if byte &- UInt8(ascii: "A") < 26 { buffer[index] = byte | 0x20 }
            }
        }
        bytes.append(0)
    }

    /// `String(number)` without allocating a string.
    private static func appendDigits(_ number: Int, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let first = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[first...].reverse()
        bytes.append(0)
    }
}
