/// Sends one request and returns the server's response, whatever its status.
///
/// Implementations do transport only: no validation, retry or middleware —
/// ``NetworkClient`` adds those. Every failure is a ``NetworkError``; Swift
/// task cancellation ends the request with ``NetworkError/cancelled``.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    func send(_ request: Request) async throws(NetworkError) -> Response

    /// Releases the transport's connections at the end of the run; requests
    /// sent afterwards fail. The default does nothing.
    func shutdown() async
}

extension HTTPClient {
    public func shutdown() async {}
}
