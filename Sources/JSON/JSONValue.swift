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

extension JSONValue {
    /// The string payload, or `nil` when this is not a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The integer payload; an integral double converts, anything else is `nil`.
    public var intValue: Int? {
        switch self {
        case .int(let number): return number
        case .double(let number):
            guard number.rounded() == number, abs(number) < 9.0e15 else { return nil }
            return Int(number)
        default: return nil
        }
    }

    /// The numeric payload of `.int` or `.double`.
    public var doubleValue: Double? {
        switch self {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    /// The boolean payload, or `nil` when this is not a boolean.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The object payload, or `nil` when this is not an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array payload, or `nil` when this is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// `true` for `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Looks up a member of an object; `nil` for missing keys and non-objects.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// Follows a dotted path such as `"address.geo.lat"` through nested
    /// objects (and array indices, as lodash's `_.get` does).
    public func value(atPath path: String) -> JSONValue? {
        if case .object(let object) = self, !path.utf8.contains(UInt8(ascii: ".")) { return object[path] }
        return value(atComponents: path.split(separator: ".", omittingEmptySubsequences: false))
    }

    /// Follows an already split path (see ``value(atPath:)``).
    public func value(atComponents components: [some StringProtocol]) -> JSONValue? {
        var current = self
        for component in components {
            switch current {
            case .object(let object):
                guard let next = object[String(component)] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(component), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The value as JavaScript's `String(value)` would show it; json-server
    /// compares query parameters with this form, so `userId=1` matches `1`
    /// and `completed=true` matches `true`.
    public var scriptString: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return JSONValue.scriptNumber(number)
        case .string(let text): return text
        case .array(let items): return items.map { $0.isNull ? "" : $0.scriptString }.joined(separator: ",")
        case .object: return "[object Object]"
        }
    }

    /// Formats a double the way JavaScript does for common values: integral
    /// values without a fraction, others shortest round-trip.
    public static func scriptNumber(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number.rounded() == number, abs(number) < 1e21 {
            if abs(number) < 9.0e15 { return String(Int(number)) }
        }
        return number.description
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text of the value, for display and debugging.
    public var description: String {
        String(decoding: JSONWriter.data(self), as: UTF8.self)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    /// A `.string` literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An `.int` literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A `.bool` literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// The `.null` literal.
    public init(nilLiteral: ()) { self = .null }
    /// A `.double` literal.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// An `.array` literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An `.object` literal; key order is kept.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
