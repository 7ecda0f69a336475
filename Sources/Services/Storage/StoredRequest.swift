import Foundation

/// One request of the request history (`:history`), as kept in the cache:
/// what the inspector showed of it, secrets already redacted.
public struct StoredRequest: Sendable, Equatable {
    /// The environment and base URL it belongs to (the cache namespace).
    public var namespace: String
    public var startedAt: Date
    public var method: String
    /// Path and query, relative to the base URL: `/todos?userId=2`.
    public var target: String
    public var status: Int?
    public var failure: String?
    /// `network`, `revalidated` or `fake`.
    public var answer: String
    public var milliseconds: Int
    /// The whole response body's size.
    public var bytes: Int
    public var requestHeaders: [[String]]
    public var responseHeaders: [[String]]
    /// The body, empty when it was over ``largestKeptBody``.
    public var body: Data
    /// The request's own body when it was JSON (a GraphQL query and its
    /// variables), empty when it was over ``largestKeptRequestBody``.
    public var requestBody: Data

    /// Bodies above this size (1 MiB) are not kept in the history.
    public static let largestKeptBody = 1024 * 1024
    /// Request bodies above this size (64 KiB) are not kept.
    public static let largestKeptRequestBody = 64 * 1024
    /// Requests kept per namespace: the oldest go first.
    public static let kept = 1_000

    public init(
        namespace: String, startedAt: Date, method: String, target: String, status: Int?, failure: String?,
        answer: String, milliseconds: Int, bytes: Int, requestHeaders: [[String]], responseHeaders: [[String]],
        body: Data, requestBody: Data = Data()
    ) {
        self.namespace = namespace
        self.startedAt = startedAt
        self.method = method
        self.target = target
        self.status = status
        self.failure = failure
        self.answer = answer
        self.milliseconds = milliseconds
        self.bytes = bytes
        self.requestHeaders = requestHeaders
        self.responseHeaders = responseHeaders
        self.body = body
        self.requestBody = requestBody
    }
}
