/// The top level of a JSON object text, located but not parsed: each
/// member's name, where its value lies and, for an array, where each
/// element starts, found in one pass over the bytes.
///
/// Built for large data files: a million records cost a few megabytes of
/// offsets instead of hundreds of megabytes of values, and a record is
/// parsed only when it is asked for (``JSONParser/parseElement(in:at:)``).
/// The pass checks the structure (brackets, strings, the top-level
/// members); what lies inside a record is checked when it is parsed.
public struct JSONOutline: Sendable {
    /// One member of the top-level object.
    public struct Member: Sendable {
        /// The member's name.
        public var name: String
        /// The bytes of its value.
        public var range: Range<Int>
        /// Where its elements start, when the value is an array.
        public var elements: Elements?
    }

    /// Where the elements of an array start: each offset is just past the
    /// `[` or `,` before the element (whitespace may follow).
    public struct Elements: Sendable, RandomAccessCollection {
        let starts: [UInt32]
        public var startIndex: Int { 0 }
        public var endIndex: Int { starts.count }
        public subscript(position: Int) -> Int { Int(starts[position]) }
    }

    /// The members in file order (a repeated name appears each time).
    public var members: [Member]

    /// The largest text an outline is made for (offsets are 32-bit).
    public static let maximumSize = Int(UInt32.max)

    /// Outlines a mapped file, releasing its pages as the scan passes them.
    public static func scan(_ file: MappedFile) throws(JSONParseError) -> JSONOutline? {
        try scan(file.bytes, releaseBehind: { file.releasePages(before: $0) })
    }

    /// Outlines `bytes`; `nil` when the top level is not an object or the
    /// text is larger than ``maximumSize`` (parse it whole: that says why).
    /// Throws at the first structural error, with its line and column.
    public static func scan(_ bytes: UnsafeBufferPointer<UInt8>, releaseBehind: ((Int) -> Void)? = nil)
        throws(JSONParseError) -> JSONOutline?
    {
        guard bytes.count <= maximumSize else { return nil }
        var reader = JSONByteReader(bytes: bytes)
        reader.skipWhitespace()
        guard reader.index < bytes.count, bytes[reader.index] == UInt8(ascii: "{") else { return nil }
        let scanner = StructuralScanner(bytes: bytes, releaseBehind: releaseBehind)
        var members: [Member] = []
        reader.index += 1
        reader.skipWhitespace()
        if reader.index < bytes.count, bytes[reader.index] == UInt8(ascii: "}") {
            reader.index += 1
        } else {
            while try readMember(&reader, scanner, into: &members) {}
        }
        reader.skipWhitespace()
        if reader.index < bytes.count { throw reader.error("unexpected data after the JSON value") }
        return JSONOutline(members: members)
    }

    /// Reads `"name": value` and the `,` or `}` after it; `false` after the `}`.
    private static func readMember(
        _ reader: inout JSONByteReader, _ scanner: StructuralScanner, into members: inout [Member]
    )
        throws(JSONParseError) -> Bool
    {
        let bytes = reader.bytes
        reader.skipWhitespace()
        guard reader.index < bytes.count, bytes[reader.index] == UInt8(ascii: "\"") else {
            throw reader.error("expected a string key")
        }
        let name = try reader.readString()
        reader.skipWhitespace()
        guard reader.index < bytes.count, bytes[reader.index] == UInt8(ascii: ":") else {
            throw reader.error("expected ':'")
        }
        reader.index += 1
        reader.skipWhitespace()
        guard reader.index < bytes.count else { throw reader.error("unexpected end of input, expected a value") }
        let start = reader.index
        var elements: Elements?
        switch bytes[start] {
        case UInt8(ascii: "["):
            let array = try scanner.scanContainer(at: start, depth: 2, collectElements: true)
            reader.index = array.end
            elements = Elements(starts: array.elementStarts)
        case UInt8(ascii: "{"):
            reader.index = try scanner.scanContainer(at: start, depth: 2, collectElements: false).end
        default:
            _ = try reader.readValue(depth: 1)
        }
        members.append(Member(name: name, range: start..<reader.index, elements: elements))
        reader.skipWhitespace()
        guard reader.index < bytes.count else { throw reader.error("expected ',' or '}'") }
        switch bytes[reader.index] {
        case UInt8(ascii: ","):
            reader.index += 1
            return true
        case UInt8(ascii: "}"):
            reader.index += 1
            return false
        default:
            throw reader.error("expected ',' or '}'")
        }
    }
}
