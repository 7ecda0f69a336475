/// One field of a record, for the detail screen.
public struct DetailField: Equatable, Sendable {
    public var key: String
    public var value: DetailValue

    public init(_ key: String, _ value: DetailValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON-like value, kept as display text plus its kind (for colours).
public indirect enum DetailValue: Equatable, Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case object([DetailField])
    case array([DetailValue])
}
