extension JSONParser {
    /// Parses one element of a top-level array outlined by ``JSONOutline``:
    /// the value after `start` (one of ``JSONOutline/Elements``), which must
    /// be followed by `,` or `]`. Errors name their line and column in the
    /// whole text, as parsing the whole text would.
    public static func parseElement(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONParseError)
        -> JSONValue
    {
        var reader = JSONByteReader(bytes: bytes)
        reader.index = start
        reader.skipWhitespace()
        // The top-level object and the array hold it: depth 2, as in a whole parse.
        let value = try reader.readValue(depth: 2)
        reader.skipWhitespace()
        guard reader.index < bytes.count,
            bytes[reader.index] == UInt8(ascii: ",") || bytes[reader.index] == UInt8(ascii: "]")
        else { throw reader.error("expected ',' or ']'") }
        return value
    }
}
