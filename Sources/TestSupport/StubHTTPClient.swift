import Foundation
import Networking

/// An ``HTTPClient`` that answers from a closure instead of the network, for
/// tests and demos (in the spirit of Moya's stubs).
///
/// ```swift
/// let stub = StubHTTPClient { request in
///     Response(status: 200, body: endpoint.sampleData, url: request.url)
/// }
/// ```
public struct StubHTTPClient: HTTPClient {
    /// Produces the answer for a request.
    public typealias Handler = @Sendable (Request) async throws(NetworkError) -> Response

    private let handler: Handler
    private let delay: Duration?

    /// Answers with `handler`, after `delay` if given (cancellable, giving
    /// ``NetworkError/cancelled``).
    public init(delay: Duration? = nil, _ handler: @escaping Handler) {
        self.delay = delay
        self.handler = handler
    }

    /// Answers every request with `status` and the endpoint's ``Endpoint/sampleData``.
    public init(sampleFrom endpoint: some Endpoint, status: Int = 200, delay: Duration? = nil) {
        let body = endpoint.sampleData
        self.init(delay: delay) { request throws(NetworkError) in
            Response(status: status, headers: ["Content-Type": "application/json"], body: body, url: request.url)
        }
    }

    public func send(_ request: Request) async throws(NetworkError) -> Response {
        if let delay {
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw .cancelled
            }
        }
        guard !Task.isCancelled else { throw .cancelled }
        return try await handler(request)
    }
}
