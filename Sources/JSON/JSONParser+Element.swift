extension JSONParser {
    /// Parses one element of a top-level array outlined by ``JSONOutline``:
    /// the value after `start` (one of ``JSONOutline/Elements``), which must
    /// be followed by `,` or `]`. Errors name their line and column in the
    /// whole text, as parsing the whole text would.
    public static func parseElement(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONParseError)
        -> JSONValue
    {
        var reader = JSONByteReader(bytes: bytes)
        return try reader.readElement(at: start)
    }

    /// Parses the elements at `positions` of an outlined array, in order,
    /// with one reader; `releaseBehind` gets the offset reached every few
    /// megabytes, so a mapped file can release what was parsed.
    public static func parseElements(
        in bytes: UnsafeBufferPointer<UInt8>, at elements: JSONOutline.Elements, _ positions: Range<Int>,
        releaseBehind: ((Int) -> Void)? = nil
    ) throws(JSONParseError) -> [JSONValue] {
        var values: [JSONValue] = []
        values.reserveCapacity(positions.count)
        try forEachElement(in: bytes, at: elements, positions, releaseBehind: releaseBehind) { values.append($0) }
        return values
    }

    /// Parses the elements at `positions` of an outlined array, in order,
    /// handing each to `body` without keeping it (a caller that needs only
    /// something derived from each holds one element at a time);
    /// `releaseBehind` as in ``parseElements(in:at:_:releaseBehind:)``.
    public static func forEachElement(
        in bytes: UnsafeBufferPointer<UInt8>, at elements: JSONOutline.Elements, _ positions: Range<Int>,
        releaseBehind: ((Int) -> Void)? = nil, _ body: (JSONValue) -> Void
    ) throws(JSONParseError) {
        var reader = JSONByteReader(bytes: bytes)
        var releasedUpTo = positions.isEmpty ? 0 : elements[positions.lowerBound]
        for position in positions {
            body(try reader.readElement(at: elements[position]))
            if reader.index &- releasedUpTo >= 1 << 23, let releaseBehind {
                releasedUpTo = reader.index
                releaseBehind(reader.index)
            }
        }
    }

    /// Parses the value of a top-level member outlined by ``JSONOutline``
    /// (its range's start), nested as in a whole parse.
    public static func parseMember(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONParseError)
        -> JSONValue
    {
        var reader = JSONByteReader(bytes: bytes)
        reader.index = start
        return try reader.readValue(depth: 1)
    }
}

extension JSONByteReader {
    /// The element after `start`, followed by `,` or `]`.
    mutating func readElement(at start: Int) throws(JSONParseError) -> JSONValue {
        index = start
        skipWhitespace()
        // The top-level object and the array hold it: depth 2, as in a whole parse.
        let value = try readValue(depth: 2)
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "]") else {
            throw error("expected ',' or ']'")
        }
        return value
    }
}
