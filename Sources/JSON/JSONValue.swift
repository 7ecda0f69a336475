import Foundation

/// A JSON value as read from a file or a request body.
///
/// Integers stay integers (`.int`) so ids and foreign keys round-trip exactly;
/// numbers with a fraction or an exponent become `.double`. Objects keep the
/// key order they were written in (see ``JSONObject``).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text of the value, for display and debugging.
    public var description: String {
        String(decoding: JSONWriter.data(self), as: UTF8.self)
    }
}
