/// The cursor of ``JSONParser``: reads values from a byte buffer.
///
/// Kept as a struct over an unsafe buffer so the hot loops compile to plain
/// pointer walks; positions become line/column only when an error is thrown.
struct JSONByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Scratch space for strings with escapes, reused across strings.
    var scratch: [UInt8] = []
    /// Members of the objects being read, innermost last; each object is
    /// copied out once, at its exact size, when it closes (no regrowth).
    var memberStack: [JSONObject.Member] = []
    /// Elements of the arrays being read, innermost last.
    var valueStack: [JSONValue] = []
    /// Called with the offset reached, every few megabytes while a large
    /// array is read, so a mapped file can release what was parsed.
    var releaseBehind: ((Int) -> Void)?
    /// The offset last passed to `releaseBehind`.
    private var releasedUpTo = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func error(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(reason: reason, offset: offset ?? index, in: bytes)
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func readValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected character \(describe(bytes[index])), expected a value")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        guard index + count <= bytes.count else { throw error("invalid literal, expected '\(literal)'") }
        for offset in 0..<count where bytes[index + offset] != start[offset] {
            throw error("invalid literal, expected '\(literal)'", at: index + offset)
        }
        index += count
    }

    mutating func readObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth)") }
        index += 1
        let base = memberStack.count
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject())
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a string key")
            }
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try readValue(depth: depth)
            if let existing = memberStack[base...].firstIndex(where: { $0.key == key }) {
                memberStack[existing].value = value  // JSON.parse semantics: last one wins
            } else {
                memberStack.append(JSONObject.Member(key: key, value: value))
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                let members = Array(memberStack[base...])
                memberStack.removeSubrange(base...)
                return .object(JSONObject(uniqueMembers: members))
            default: throw error("expected ',' or '}'")
            }
        }
    }

    mutating func readArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth)") }
        index += 1
        let base = valueStack.count
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            let value = try readValue(depth: depth)
            valueStack.append(value)
            if index &- releasedUpTo >= 1 << 23, let releaseBehind {
                releasedUpTo = index
                releaseBehind(index)
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                let items = Array(valueStack[base...])
                valueStack.removeSubrange(base...)
                return .array(items)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
