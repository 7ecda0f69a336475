/// Everything that can go wrong with a request, as data a user can act on
/// (host, status, seconds…).
///
/// Networking knows no words: `Modules` words each case in one line
/// (`NetworkError.userMessage`, in the language of the run).
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
    /// The answer contradicts a filter its request asked for, so the server
    /// ignored it (django-filter ignores a lookup the view does not declare):
    /// record `id` has `field` `value` (JSON text), which `filter` excludes.
    case ignoredFilter(filter: String, id: String, field: String, value: String)
    /// The URL could not be built or is not supported.
    case invalidURL(String)
    /// The TLS handshake with `host` (and port) failed; `reason` is the
    /// library's own, e.g. `certificate verify failed`.
    case tlsHandshake(host: String, reason: String)
    /// `host` sent something that is not HTTP; `detail` is the parser's.
    case malformedAnswer(host: String, detail: String)
    /// The answer from `host` is longer than the `limit` bytes a request takes.
    case answerTooLarge(host: String, limit: Int)
    /// `host` redirected in a cycle or more often than the transport follows.
    case tooManyRedirects(host: String)
    /// A redirect to `to` (another origin, `scheme://host[:port]`) would
    /// have carried the request's body there (a 307 or 308 of a POST: a
    /// login form, a token request); it was not followed.
    case redirectRefused(to: String)
    /// The request was redirected to another origin, `to`, which was sent
    /// no credential and answered `code`, a status the request did not accept.
    case redirectedAway(to: String, code: Int, excerpt: String)
    /// Any other transport failure, with the system's description.
    case transport(String)
    /// The service's credentials could not be had (`auth:` in the config file).
    case auth(AuthFailure)
    /// The HTTP proxy `proxy` (`host:port`) would not carry the request:
    /// it answered `code` (407: it wants other credentials), or `nil` when
    /// its answer was no HTTP status.
    case proxyRefused(proxy: String, code: Int?)
    /// The HTTP proxy `proxy` (`host:port`) could not be connected to.
    case proxyUnreachable(proxy: String)
    /// The TLS handshake with `host` (and port) failed over a certificate:
    /// the server's (unknown authority, expired, another host's) or the
    /// client's (wanted, refused).
    case certificate(host: String, problem: CertificateProblem)
    /// The service's `caFile:` or `clientCertificate:` could not be used.
    case setup(TransportSetupFailure)

    /// Whether trying again later may succeed: connection failures, timeouts
    /// and the statuses in ``retryableStatusCodes``.
    public var isRetryable: Bool {
        switch self {
        case .cannotConnect, .timeout, .proxyUnreachable: true
        case .status(let code, _): Self.retryableStatusCodes.contains(code)
        case .redirectedAway(_, let code, _): Self.retryableStatusCodes.contains(code)
        case .redirectRefused,
            .dns, .cancelled, .decoding, .ignoredFilter, .invalidURL, .tlsHandshake, .malformedAnswer, .answerTooLarge,
            .tooManyRedirects, .transport, .auth, .proxyRefused, .certificate, .setup:
            false
        }
    }

    /// The error for `response`, whose status the request did not accept:
    /// ``status(code:excerpt:)``, or ``redirectedAway(to:code:excerpt:)``
    /// when a redirect led to another origin.
    public static func rejected(_ response: Response, excerpt: String) -> NetworkError {
        if let origin = response.redirectedOrigin {
            return .redirectedAway(to: origin, code: response.status, excerpt: excerpt)
        }
        return .status(code: response.status, excerpt: excerpt)
    }

    /// Statuses that signal a temporary condition: 408, 429, 500, 502, 503, 504.
    public static let retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]
}

/// What was wrong with a certificate in a TLS handshake.
public enum CertificateProblem: Sendable, Hashable {
    /// The server's certificate is signed by an authority not trusted
    /// (self-signed, or a private CA not in `caFile:`).
    case unknownAuthority
    /// The server's certificate has expired.
    case expired
    /// The server's certificate is not valid yet.
    case notYetValid
    /// The server's certificate is for another host name.
    case wrongHost
    /// The certificate was refused and the cause is not known (through a proxy).
    case untrusted
    /// The server wants a client certificate and none is configured.
    case clientCertificateWanted
    /// The server refused the configured client certificate.
    case clientCertificateRefused
}
