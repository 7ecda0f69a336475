import Foundation

/// A fast RFC 8259 JSON parser working directly on UTF-8 bytes.
///
/// Strings are built from byte slices (no per-character `String` work);
/// integers without fraction or exponent become `.int`, other numbers
/// `.double`. Nesting deeper than ``maximumDepth`` is rejected rather than
/// overflowing the stack.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Parses a complete JSON text (surrounding whitespace allowed).
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        let result = data.withUnsafeBytes { raw -> Result<JSONValue, JSONParseError> in
            do throws(JSONParseError) { return .success(try parse(bytes: raw.bindMemory(to: UInt8.self))) } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a complete JSON text held in a byte array.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, JSONParseError> in
            do throws(JSONParseError) { return .success(try parse(bytes: buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses a complete JSON text held in a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses a mapped file, releasing its pages as the parse passes them,
    /// so the file is never resident whole beside the values.
    public static func parse(_ file: MappedFile) throws(JSONParseError) -> JSONValue {
        try parse(bytes: file.bytes, releaseBehind: { file.releasePages(before: $0) })
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>, releaseBehind: ((Int) -> Void)? = nil)
        throws(JSONParseError) -> JSONValue
    {
        var reader = JSONByteReader(bytes: bytes)
        reader.releaseBehind = releaseBehind
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw reader.error("unexpected data after the JSON value")
        }
        return value
    }
}
