import Foundation

/// A typed description of one API call, from which a ``Request`` is made.
///
/// Conform an enum with one case per call; only ``baseURL`` and ``path`` are
/// required. ``sampleData`` lets a stub answer without a server.
public protocol Endpoint: Sendable {
    /// The service root, e.g. `http://127.0.0.1:3000`.
    var baseURL: URL { get }
    /// The path below ``baseURL``, e.g. `/todos/1`.
    var path: String { get }
    /// The method; `GET` by default.
    var method: HTTPMethod { get }
    /// Query items; none by default.
    var query: [URLQueryItem] { get }
    /// The body; none by default. Sent as JSON unless ``headers`` set a `Content-Type`.
    var body: Data? { get }
    /// Extra headers; none by default.
    var headers: [String: String] { get }
    /// Which statuses succeed; ``Validation/successCodes`` by default.
    var validation: Validation { get }
    /// The seconds to wait; ``Request/defaultTimeout`` by default.
    var timeout: TimeInterval { get }
    /// A representative response body for stubs; empty by default.
    var sampleData: Data { get }

    /// The request for this endpoint.
    func makeRequest() -> Request
}

extension Endpoint {
    public var method: HTTPMethod { .get }
    public var query: [URLQueryItem] { [] }
    public var body: Data? { nil }
    public var headers: [String: String] { [:] }
    public var validation: Validation { .successCodes }
    public var timeout: TimeInterval { Request.defaultTimeout }
    public var sampleData: Data { Data() }

    /// ``baseURL`` joined with ``path`` (one `/` between them), with
    /// ``query``, ``headers``, ``body`` and ``timeout``. Asks for JSON.
    public func makeRequest() -> Request {
        var result =
            request(method, Self.join(baseURL, path))
            |> withAcceptJSON
            |> withQuery(query)
            |> withTimeout(timeout)
        if let body {
            result = result |> withJSONBody(body)
        }
        for field in HTTPHeaders(headers) {
            result = result |> withHeader(field.name, field.value)
        }
        return result
    }

    private static func join(_ base: URL, _ path: String) -> URL {
        let trimmed = path.drop { $0 == "/" }
        guard !trimmed.isEmpty else { return base }
        return base.appendingPathComponent(String(trimmed), isDirectory: false)
    }
}
