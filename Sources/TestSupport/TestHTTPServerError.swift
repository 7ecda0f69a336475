/// Why a ``TestHTTPServer`` did not start.
public enum TestHTTPServerError: Error, Sendable {
    /// The server did not report a bound port.
    case couldNotStart
}
