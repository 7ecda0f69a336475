import JSON

/// json-server's full-text search (`q=`): a case-insensitive substring of
/// any truthy string, number or boolean value, at any depth.
///
/// ASCII needles are matched byte-wise without allocating, which keeps a
/// keystroke over a million rows fast; others fall back to `lowercased()`.
struct TextSearch {
    private let needle: String
    private let needleBytes: [UInt8]
    private let isASCII: Bool
    /// Whether the needle could occur in a number's text (digits, sign, dot, exponent).
    private let couldMatchNumber: Bool

    /// Creates a search for `needle` (already lower-cased by the caller or not).
    init(_ needle: String) {
        let lowered = needle.lowercased()
        self.needle = lowered
        needleBytes = Array(self.needle.utf8)
        isASCII = needleBytes.allSatisfy { $0 < 0x80 }
        couldMatchNumber =
            lowered.allSatisfy { "0123456789-.e+".contains($0) }
            || ["nan", "infinity"].contains { $0.contains(lowered) }
    }

    /// Whether any member value of `item` (or `item` itself when not an object) matches.
    func matches(anyValueIn item: JSONValue) -> Bool {
        matches(item)
    }

    private func matches(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool(false), .int(0): return false  // falsy values are skipped, as in JS
        case .double(let number):
            return couldMatchNumber && number != 0 && !number.isNaN && contains(JSONValue.scriptNumber(number))
        case .bool(true): return contains("true")
        case .int(let number): return couldMatchNumber && contains(String(number))
        case .string(let text): return !text.isEmpty && contains(text)
        case .array(let items): return items.contains { matches($0) }
        case .object(let object): return object.members.contains { matches($0.value) }
        }
    }

    private func contains(_ haystack: String) -> Bool {
        guard isASCII else { return haystack.lowercased().contains(needle) }
        var haystack = haystack
        return haystack.withUTF8 { bytes in
            let count = needleBytes.count
            guard count <= bytes.count else { return false }
            if count == 0 { return true }
            let first = needleBytes[0]
            var start = 0
            while start + count <= bytes.count {
                if lower(bytes[start]) == first {
                    var offset = 1
                    while offset < count, lower(bytes[start + offset]) == needleBytes[offset] { offset += 1 }
                    if offset == count { return true }
                }
                start += 1
            }
            return false
        }
    }

    @inline(__always)
    private func lower(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
