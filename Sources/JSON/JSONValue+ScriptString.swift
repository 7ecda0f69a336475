extension JSONValue {
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
