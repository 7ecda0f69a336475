/// A request as it goes out, in words a shell can repeat: method, full URL
/// and the header fields sent. A secret is never a value here: it names the
/// environment variable the shell reads it from (`$TRESTLE_TOKEN`).
public struct RequestText: Sendable, Hashable {
    /// One header field.
    public struct Header: Sendable, Hashable {
        public var name: String
        /// The value, or the text before the secret (`Bearer `) when ``variable`` is set.
        public var value: String
        /// The environment variable that holds the rest of the value, if any.
        public var variable: String?

        public init(_ name: String, _ value: String, variable: String? = nil) {
            self.name = name
            self.value = value
            self.variable = variable
        }
    }

    public var method: String
    /// The full URL, query included.
    public var url: String
    public var headers: [Header]
    /// The body sent, as text (a GraphQL query's JSON); `nil` for none.
    public var body: String?
    /// The certificate is not checked: curl needs `-k`.
    public var insecure = false
    /// The command that repeats it when curl cannot (a gRPC call: `grpcurl …`);
    /// ``CurlCommand/render(_:)`` gives it as it is.
    public var command: String?

    public init(method: String, url: String, headers: [Header], body: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
