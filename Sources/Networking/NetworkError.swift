/// Everything that can go wrong with a request, in terms a user can act on.
///
/// Every case has a one-line ``userMessage``; the detail belongs in the log.
public enum NetworkError: Error, Sendable, Hashable {
    /// The server refused or dropped the connection; `host` includes the port.
    case cannotConnect(host: String)
    /// The host name could not be resolved.
    case dns(host: String)
    /// No answer within the request's timeout.
    case timeout(seconds: Double)
    /// The request was cancelled (usually its Swift task was).
    case cancelled
    /// The server answered with a status the request did not accept;
    /// `excerpt` is the start of the body, one line, at most 120 characters.
    case status(code: Int, excerpt: String)
    /// The body did not decode; `path` locates the value (`[3].title`,
    /// empty for the whole document) and `reason` says what was wrong.
    case decoding(path: String, reason: String)
    /// The URL could not be built or is not supported.
    case invalidURL(String)
    /// Any other transport failure, with the system's description.
    case transport(String)

    /// One line for the status bar, e.g. "Timed out after 10 s".
    public var userMessage: String {
        switch self {
        case .cannotConnect(let host):
            return "Cannot connect to \(host) — is the server running?"
        case .dns(let host):
            return "Cannot find host \(host) — check the address and your network"
        case .timeout(let seconds):
            return "Timed out after \(Self.describe(seconds: seconds))"
        case .cancelled:
            return "Request cancelled"
        case .status(let code, _):
            let reason = HTTPStatus.reasonPhrase(for: code)
            return reason.isEmpty ? "Server answered \(code)" : "Server answered \(code) \(reason)"
        case .decoding(let path, let reason):
            return path.isEmpty ? "Unexpected data: \(reason)" : "Unexpected data at \(path): \(reason)"
        case .invalidURL(let url):
            return "Invalid URL: \(BodyExcerpt.make(from: url))"
        case .transport(let description):
            return "Network error: \(BodyExcerpt.make(from: description))"
        }
    }

    /// Whether trying again later may succeed: connection failures, timeouts
    /// and the statuses in ``retryableStatusCodes``.
    public var isRetryable: Bool {
        switch self {
        case .cannotConnect, .timeout: true
        case .status(let code, _): Self.retryableStatusCodes.contains(code)
        case .dns, .cancelled, .decoding, .invalidURL, .transport: false
        }
    }

    /// Statuses that signal a temporary condition: 408, 429, 500, 502, 503, 504.
    public static let retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// "10 s", "0.3 s".
    static func describe(seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}

extension NetworkError: CustomStringConvertible {
    /// The ``userMessage``.
    public var description: String { userMessage }
}
