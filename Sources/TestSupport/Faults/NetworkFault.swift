/// One way a server (or the network in front of it) can misbehave, as served
/// by ``FaultHTTPServer``.
///
/// Faults that stand for a refusal (a status, an HTML error page, a reset
/// before the headers, a slow or silent server) answer instead of the
/// engine, so a write they meet is not applied. Faults that corrupt an
/// answer (malformed, truncated, wrong types, hostile content, a reset in
/// the middle of the body) let the engine apply the request first and then
/// spoil what it sends back: the client cannot tell whether a write landed.
public enum NetworkFault: Sendable, Hashable, CustomStringConvertible {
    /// 200 with JSON cut off in the middle of a value.
    case malformedJSON
    /// The headers promise more bytes (`Content-Length`) than are sent; then the connection closes.
    case truncatedBody
    /// Valid JSON of the wrong shape.
    case wrongTypes(WrongTypes)
    /// 200 with `Content-Length: 0`.
    case emptyBody
    /// An HTML error page (with escapes in it) under `status`, 200 or 500.
    case htmlPage(status: Int)
    /// The request is read, then the connection is reset (`RST`) before any answer.
    case resetBeforeHeaders
    /// Headers and half the body, then a reset.
    case resetMidBody
    /// A plain error status (500, 502, 503…) with a JSON error body.
    case status(Int)
    /// 503 with `Retry-After: seconds`.
    case retryAfter(seconds: Int)
    /// The engine's answer after `seconds`; `nil` never answers (until the server stops).
    case slow(seconds: Double?)
    /// Every string value made 64 KiB long.
    case hugeStrings
    /// Every `title` (and `name`) made of invalid UTF-8 bytes.
    case invalidUTF8
    /// 100,000 `[` and nothing else.
    case deepNesting
    /// The engine's answer with escape sequences in its header values.
    case escapesInHeaders

    /// Shapes of ``wrongTypes(_:)``.
    public enum WrongTypes: String, Sendable, Hashable, CaseIterable {
        /// `"id": "3"` instead of `3`.
        case idsAsStrings
        /// `"title": 12345` instead of a string.
        case titlesAsNumbers
        /// Each record an array of its values instead of an object.
        case arraysForObjects
    }

    /// Whether the engine handles the request before the fault spoils the answer.
    var reachesEngine: Bool {
        switch self {
        case .htmlPage, .resetBeforeHeaders, .status, .retryAfter, .slow(seconds: nil): false
        default: true
        }
    }

    public var description: String {
        switch self {
        case .malformedJSON: "malformed JSON"
        case .truncatedBody: "truncated body"
        case .wrongTypes(let shape): "wrong types (\(shape.rawValue))"
        case .emptyBody: "empty body"
        case .htmlPage(let status): "HTML page with \(status)"
        case .resetBeforeHeaders: "reset before headers"
        case .resetMidBody: "reset mid-body"
        case .status(let code): "status \(code)"
        case .retryAfter(let seconds): "503 Retry-After \(seconds)"
        case .slow(let seconds?): "slow \(seconds) s"
        case .slow(nil): "never answers"
        case .hugeStrings: "64 KiB strings"
        case .invalidUTF8: "invalid UTF-8"
        case .deepNesting: "100,000 ["
        case .escapesInHeaders: "escapes in headers"
        }
    }
}
