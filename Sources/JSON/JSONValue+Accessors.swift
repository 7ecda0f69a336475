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
}
