import JSON

/// One HTTP header line of an ``EngineResponse``.
public struct HeaderField: Sendable, Hashable {
    /// The header name as sent, e.g. `X-Total-Count`.
    public var name: String
    /// The header value.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
