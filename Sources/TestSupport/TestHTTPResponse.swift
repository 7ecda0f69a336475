import Foundation

/// What the ``TestHTTPServer`` answers.
public struct TestHTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields to send, in order.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data
    /// How long to wait before answering (for timeout tests); cancelled when the server stops.
    public var delay: Duration?

    /// Creates a response.
    public init(
        status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data(), delay: Duration? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
    }

    /// A JSON response with `Content-Type: application/json`.
    public static func json(
        _ text: String, status: Int = 200, headers: [(name: String, value: String)] = [], delay: Duration? = nil
    ) -> TestHTTPResponse {
        TestHTTPResponse(
            status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8),
            delay: delay)
    }

    /// A plain-text response.
    public static func text(_ text: String, status: Int = 200, delay: Duration? = nil) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: [("Content-Type", "text/plain")], body: Data(text.utf8), delay: delay)
    }
}
