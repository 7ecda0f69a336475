import Foundation
import JSON

/// Weak entity tags for GET answers and `If-None-Match` matching.
public enum ETag {
    /// `W/"<16 hex digits>"`: a 64-bit FNV-1a hash of the body, taken over
    /// 8-byte words (then the tail bytes) so a 1 MB body costs ~0.1 ms.
    public static func weak(for bytes: some ContiguousBytes) -> String {
        "W/\"" + hex(hash(bytes)) + "\""
    }

    /// The FNV-1a (64-bit, word-wise) hash of `bytes`.
    public static func hash(_ bytes: some ContiguousBytes) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01B3
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let count = bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for word in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)) &* prime
            }
            for offset in (words * 8)..<raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* prime
            }
            return raw.count
        }
        return hash ^ UInt64(count)
    }

    /// Whether an `If-None-Match` header value matches `etag` using weak
    /// comparison (`W/` prefixes ignored), including `*` and comma lists.
    public static func matches(ifNoneMatch header: String, etag: String) -> Bool {
        let target = opaque(etag)
        for candidate in header.split(separator: ",") {
            let trimmed = candidate.trimmingSpaces()
            if trimmed == "*" || opaque(trimmed) == target { return true }
        }
        return false
    }

    private static func opaque(_ tag: some StringProtocol) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = firstIndex { !isBlank($0) } ?? endIndex
        let end = lastIndex { !isBlank($0) }.map { index(after: $0) } ?? start
        return Substring(self[start..<Swift.max(start, end)])
    }
}
