/// Why a service's credentials could not be had, as data (worded by
/// `Modules`: `AuthFailure.userMessage`). No case ever carries a secret:
/// only where it was looked for and what the helper or server said.
public enum AuthFailure: Error, Sendable, Hashable {
    /// `{env: NAME}` names a variable that is unset or blank.
    case variableUnset(String)
    /// `{file: PATH}` was refused (mode, missing, empty).
    case file(TokenSourceError)
    /// The credential helper could not be started.
    case helperNotStarted(command: String, reason: String)
    /// The credential helper ended with `status`; `said` is the first line of its standard error.
    case helperFailed(command: String, status: Int, said: String)
    /// The credential helper ran longer than `seconds`.
    case helperTimedOut(command: String, seconds: Int)
    /// The credential helper wrote more than `limit` bytes to `stream`
    /// (`stdout` or `stderr`); it was killed.
    case helperTooLarge(command: String, limit: Int, stream: String)
    /// The credential helper printed nothing.
    case helperEmpty(command: String)
    /// The OAuth2 token endpoint at `url` answered `status` (`said`: its
    /// `error`/`error_description`, or the body's start, secrets scrubbed).
    case tokenRefused(url: String, status: Int, said: String)
    /// The token endpoint's answer holds no `access_token`.
    case tokenAnswerUnreadable(url: String)
    /// The token endpoint could not be reached (the transport's error).
    indirect case tokenUnreachable(url: String, error: NetworkError)
    /// No token URL in the config, and the service's OpenAPI document names none.
    case noTokenURL(service: String)
    /// The token URL the service's OpenAPI document names, `url`, is not on
    /// the service's origin `origin`; nothing was sent there.
    case tokenURLElsewhere(url: String, origin: String)
    /// The login form at `url` answered `status`.
    case loginRefused(url: String, status: Int)
    /// The login answered, but set no cookie.
    case loginSetNoCookie(url: String)
    /// The login could not be reached.
    indirect case loginUnreachable(url: String, error: NetworkError)
    /// A person must sign in to `service`, and nothing here can ask them
    /// (no terminal: `trestle auth login SERVICE` first).
    case signInNeeded(service: String)
    /// The sign-in could not begin (`reason`: the loopback port, a missing URL).
    case signInUnavailable(reason: String)
    /// No answer from the browser or the other device within `seconds`.
    case signInTimedOut(seconds: Int)
    /// The person (or Trestle) cancelled the sign-in.
    case signInCancelled
    /// The authorization server refused the sign-in (`error`: `access_denied`, …).
    case signInRefused(error: String, description: String)
    /// The redirect's `state` is not the one Trestle sent: refused, no code traded.
    case signInStateMismatch
}
