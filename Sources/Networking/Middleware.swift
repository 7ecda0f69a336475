/// A step around every request a ``NetworkClient`` sends.
///
/// For one call, ``NetworkClient`` runs `prepare` of each middleware in order,
/// then `willSend` in order, sends (retrying as its ``RetryPolicy`` allows,
/// telling `willRetry` each time), then `didReceive` in order with the final
/// outcome, then `process` in reverse order, and finally validates. Every
/// requirement has a do-nothing default, so a middleware implements only
/// what it needs.
public protocol Middleware: Sendable {
    /// Returns the request to send (e.g. with a header added); throwing stops the call.
    func prepare(_ request: Request) async throws(NetworkError) -> Request
    /// Observes the prepared request just before the first attempt.
    func willSend(_ request: Request)
    /// Observes a failed attempt that will be retried after `delay` seconds.
    func willRetry(_ request: Request, after failure: NetworkError, attempt: Int, delay: Double)
    /// Observes the final outcome (before validation: a 503 is a success here).
    func didReceive(_ result: Result<Response, NetworkError>, for request: Request)
    /// Returns the outcome to pass on (e.g. a cached copy for a 304).
    func process(_ result: Result<Response, NetworkError>, for request: Request) async -> Result<Response, NetworkError>
}

extension Middleware {
    public func prepare(_ request: Request) async throws(NetworkError) -> Request { request }
    public func willSend(_ request: Request) {}
    public func willRetry(_ request: Request, after failure: NetworkError, attempt: Int, delay: Double) {}
    public func didReceive(_ result: Result<Response, NetworkError>, for request: Request) {}
    public func process(
        _ result: Result<Response, NetworkError>, for request: Request
    ) async -> Result<Response, NetworkError> {
        result
    }
}
