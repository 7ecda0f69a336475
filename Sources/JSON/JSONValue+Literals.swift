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
