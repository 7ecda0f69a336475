#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lower-cased search text of every row in one contiguous byte buffer,
/// so that a filter keystroke is a single scan with `memchr`/`memcmp` however
/// many rows there are, instead of a `String.contains` per row.
public struct SearchIndex: Sendable, Equatable {
    /// Row texts, each followed by a newline (which no needle contains).
    private let bytes: [UInt8]
    /// Where each row starts in `bytes`; one more entry for the end.
    private let starts: [Int]

    public init(_ texts: some Sequence<String>) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for text in texts {
            starts.append(bytes.count)
            Self.appendLowercased(text, to: &bytes)
            bytes.append(0x0A)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
    }

    private init(bytes: [UInt8], starts: [Int]) {
        self.bytes = bytes
        self.starts = starts
    }

    public var count: Int { starts.count - 1 }

    /// The index with the text of `row` alone made again from `text` (one
    /// record changed in place, as a write's answer does): the other rows'
    /// texts are moved, not made again. A row out of range changes nothing.
    public func replacing(row: Int, with text: String) -> SearchIndex {
        guard (0..<count).contains(row) else { return self }
        var line: [UInt8] = []
        Self.appendLowercased(text, to: &line)
        line.append(0x0A)
        let old = starts[row]..<starts[row + 1]
        var bytes = self.bytes
        bytes.replaceSubrange(old, with: line)
        var starts = self.starts
        let shift = line.count - old.count
        if shift != 0 {
            for later in (row + 1)..<starts.count { starts[later] += shift }
        }
        return SearchIndex(bytes: bytes, starts: starts)
    }

    /// The rows (ascending) whose text contains every word of `query`,
    /// looking only at `within` when given (a narrowing keystroke).
    public func rows(matching query: String, within: [Int]? = nil) -> [Int] {
        var needles: [[UInt8]] = []
        for word in query.split(separator: " ") {
            var needle: [UInt8] = []
            Self.appendLowercased(String(word), to: &needle)
            needles.append(needle)
        }
        guard let first = needles.first else { return within ?? Array(0..<count) }
        let candidates = within ?? scan(for: first)
        let rest = within == nil ? needles.dropFirst() : needles[...]
        guard !rest.isEmpty else { return candidates }
        return candidates.filter { row in rest.allSatisfy { contains($0, row: row) } }
    }

    /// One pass over the whole buffer: every row containing `needle`.
    private func scan(for needle: [UInt8]) -> [Int] {
        var rows: [Int] = []
        var row = 0
        bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                var position = 0
                while let hit = Self.find(pattern, in: haystack, from: position, to: haystack.count) {
                    while starts[row + 1] <= hit { row += 1 }
                    rows.append(row)
                    position = starts[row + 1]
                }
            }
        }
        return rows
    }

    private func contains(_ needle: [UInt8], row: Int) -> Bool {
        bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                Self.find(pattern, in: haystack, from: starts[row], to: starts[row + 1]) != nil
            }
        }
    }

    /// The offset of the first whole `pattern` within `start..<end` of `haystack`.
    private static func find(
        _ pattern: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> Int? {
        guard let base = haystack.baseAddress, let needle = pattern.baseAddress, !pattern.isEmpty else {
            return pattern.isEmpty ? start : nil
        }
        var position = start
        let last = end - pattern.count
        while position <= last {
            guard let found = memchr(base + position, Int32(needle[0]), last - position + 1) else { return nil }
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + offset, needle, pattern.count) == 0 { return offset }
            position = offset + 1
        }
        return nil
    }

    /// ASCII is lower-cased byte by byte; anything else through `String`.
    private static func appendLowercased(_ text: String, to bytes: inout [UInt8]) {
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                ascii = false
                break
            }
        }
        if ascii {
            for byte in text.utf8 {
                bytes.append(byte == 0x0A ? 0x20 : (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte))
            }
        } else {
            for byte in text.lowercased().utf8 { bytes.append(byte == 0x0A ? 0x20 : byte) }
        }
    }
}
