import Foundation

/// A JSON text checked whole, as ``JSONParser/parse(_:)`` checks it (the
/// same errors, nesting past ``JSONParser/maximumDepth`` refused), without
/// building its values: an object is read one level at a time (each
/// member's key and where its value lies) and a value is parsed only when
/// it is asked for.
///
/// Built for large documents read in parts (a 26 MB OpenAPI document): the
/// text is held, its parsed tree (about nine times its size) never is.
public struct JSONText: Sendable {
    /// One member of an object: its key and where its value lies.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var range: Range<Int>
    }

    /// The text.
    public let data: Data
    /// Where the top-level value lies (no whitespace around it).
    public let root: Range<Int>

    /// Checks `data` as a whole JSON text; throws what parsing it would.
    public init(checking data: Data) throws(JSONParseError) {
        let result = data.withUnsafeBytes { raw -> Result<Range<Int>, JSONParseError> in
            var reader = JSONByteReader(bytes: raw.bindMemory(to: UInt8.self))
            do throws(JSONParseError) {
                reader.skipWhitespace()
                let start = reader.index
                try reader.skipValue(depth: 0)
                let end = reader.index
                reader.skipWhitespace()
                if reader.index < reader.bytes.count { throw reader.error("unexpected data after the JSON value") }
                return .success(start..<end)
            } catch {
                return .failure(error)
            }
        }
        self.data = data
        root = try result.get()
    }

    /// Whether the value at `range` is an object.
    public func isObject(_ range: Range<Int>) -> Bool { first(range) == UInt8(ascii: "{") }

    /// Whether the value at `range` is an array.
    public func isArray(_ range: Range<Int>) -> Bool { first(range) == UInt8(ascii: "[") }

    private func first(_ range: Range<Int>) -> UInt8? {
        guard !range.isEmpty, range.lowerBound < data.count else { return nil }
        return data[data.startIndex + range.lowerBound]
    }

    /// The members of the object at `range`, in order; a repeated key keeps
    /// its first place and its last value, as ``JSONObject`` does. `nil`
    /// when the value is no object.
    public func members(of range: Range<Int>) -> [Member]? {
        guard isObject(range) else { return nil }
        var places: [String: Int] = [:]
        return items(of: range, closing: UInt8(ascii: "}"), into: [Member]()) {
            reader, members throws(JSONParseError) -> Bool in
            guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\"") else {
                return false
            }
            let key = try reader.readString()
            reader.skipWhitespace()
            reader.index += 1  // `:`
            reader.skipWhitespace()
            let start = reader.index
            try reader.skipChecked()
            if let place = places[key] {
                members[place].range = start..<reader.index
            } else {
                places[key] = members.count
                members.append(Member(key: key, range: start..<reader.index))
            }
            return true
        }
    }

    /// Where the elements of the array at `range` lie, in order; `nil` when
    /// the value is no array.
    public func elements(of range: Range<Int>) -> [Range<Int>]? {
        guard isArray(range) else { return nil }
        return items(of: range, closing: UInt8(ascii: "]"), into: [Range<Int>]()) {
            reader, elements throws(JSONParseError) -> Bool in
            let start = reader.index
            try reader.skipChecked()
            elements.append(start..<reader.index)
            return true
        }
    }

    /// Walks the comma-separated items of the object or array at `range`
    /// (checked when the text was), handing `item` the reader at each item's
    /// first byte; `item` reads the item and says whether it was one. `nil`
    /// when an item is not.
    private func items<Result>(
        of range: Range<Int>, closing: UInt8, into start: Result,
        _ item: (inout JSONByteReader, inout Result) throws(JSONParseError) -> Bool
    ) -> Result? {
        data.withUnsafeBytes { raw -> Result? in
            var reader = JSONByteReader(bytes: raw.bindMemory(to: UInt8.self))
            reader.index = range.lowerBound + 1
            var result = start
            do throws(JSONParseError) {
                reader.skipWhitespace()
                if reader.index < reader.bytes.count, reader.bytes[reader.index] == closing { return result }
                while reader.index < reader.bytes.count {
                    reader.skipWhitespace()
                    guard try item(&reader, &result) else { return nil }
                    reader.skipWhitespace()
                    guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: ",") else {
                        break
                    }
                    reader.index += 1
                }
            } catch {
                return nil
            }
            return result
        }
    }

    /// The value at `range`, parsed (`null` if the range holds none).
    public func value(_ range: Range<Int>) -> JSONValue {
        data.withUnsafeBytes { raw -> JSONValue in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard range.lowerBound < bytes.count else { return .null }
            return (try? JSONParser.parseMember(in: bytes, at: range.lowerBound)) ?? .null
        }
    }

    /// Whether the bytes of `needle` occur in the text at `range` (all of it when `nil`).
    public func contains(_ needle: String, in range: Range<Int>? = nil) -> Bool {
        let pattern = Array(needle.utf8)
        return data.withUnsafeBytes { raw -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            let within = (range ?? 0..<bytes.count).clamped(to: 0..<bytes.count)
            guard !pattern.isEmpty, within.count >= pattern.count, let base = bytes.baseAddress else { return false }
            // Each place of the first byte (`memchr`), then the rest compared.
            var position = within.lowerBound
            let last = within.upperBound - pattern.count
            while position <= last {
                guard let found = memchr(base + position, Int32(pattern[0]), last - position + 1) else { return false }
                position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if pattern.indices.allSatisfy({ bytes[position + $0] == pattern[$0] }) { return true }
                position += 1
            }
            return false
        }
    }

    /// Appends the text of the value at `range`, as written.
    public func append(_ range: Range<Int>, to output: inout [UInt8]) {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let clamped = range.clamped(to: 0..<bytes.count)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clamped]))
        }
    }
}

extension JSONByteReader {
    /// Checks the value at the cursor as ``readValue(depth:)`` reads it
    /// (the same errors at the same places), building nothing.
    mutating func skipValue(depth: Int) throws(JSONParseError) {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try skipObject(depth: depth + 1)
        case UInt8(ascii: "["): try skipArray(depth: depth + 1)
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try readNumber()
        default: throw error("unexpected character \(describe(bytes[index])), expected a value")
        }
    }

    /// Checks a string as ``readString()`` does; only one with escapes is built.
    mutating func skipString() throws(JSONParseError) {
        let openQuote = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                index = openQuote
                _ = try readString()
                return
            }
            if byte < 0x20 { throw error("unescaped control character in string") }
            index += 1
        }
        throw error("unterminated string", at: openQuote)
    }

    private mutating func skipObject(depth: Int) throws(JSONParseError) {
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth)") }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a string key")
            }
            try skipString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            try skipValue(depth: depth)
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func skipArray(depth: Int) throws(JSONParseError) {
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth)") }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try skipValue(depth: depth)
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return
            default: throw error("expected ',' or ']'")
            }
        }
    }

    /// Passes over the value at the cursor of a text already checked
    /// (containers by ``StructuralScanner``, 64 bytes at a time).
    mutating func skipChecked() throws(JSONParseError) {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            index = try StructuralScanner(bytes: bytes).scanContainer(at: index, depth: 1, collectElements: false).end
        case UInt8(ascii: "\""): try skipString()
        default: _ = try readValue(depth: 0)
        }
    }
}
