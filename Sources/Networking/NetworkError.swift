import Translations

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
            return Texts.Network.cannotConnect(host: host)
        case .dns(let host):
            return Texts.Network.unknownHost(host: host)
        case .timeout(let seconds):
            return Texts.Network.timedOut(duration: Self.describe(seconds: seconds))
        case .cancelled:
            return Texts.Network.cancelled
        case .status(let code, _):
            let reason = HTTPStatus.reasonPhrase(for: code)
            return Texts.Network.serverAnswered(status: reason.isEmpty ? "\(code)" : "\(code) \(reason)")
        case .decoding(let path, let reason):
            return path.isEmpty
                ? Texts.Network.unexpectedData(reason: reason)
                : Texts.Network.unexpectedDataAt(path: path, reason: reason)
        case .invalidURL(let url):
            return Texts.Network.invalidURL(url: BodyExcerpt.make(from: url))
        case .transport(let description):
            return Texts.Network.transport(detail: BodyExcerpt.make(from: description))
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

    /// "10 s", "0.3 s" ("0,3 s" in German).
    static func describe(seconds: Double) -> String {
        Language.current.tenths(seconds) + " s"
    }
}

extension NetworkError: CustomStringConvertible {
    /// The ``userMessage``.
    public var description: String { userMessage }
}
