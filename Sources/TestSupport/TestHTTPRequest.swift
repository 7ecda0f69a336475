import Foundation

/// A request as the ``TestHTTPServer`` received it.
public struct TestHTTPRequest: Sendable {
    /// One header field exactly as it arrived on the wire.
    public struct Header: Sendable, Hashable {
        /// The name as sent (any case).
        public let name: String
        /// The raw value.
        public let value: String
    }

    /// The method, e.g. `GET`.
    public let method: String
    /// The path without the query, e.g. `/todos/1`.
    public let path: String
    /// The raw query string without `?`, or `nil` if there was none.
    public let query: String?
    /// The header fields in arrival order.
    public let headers: [Header]
    /// The body (empty if none).
    public let body: Data

    /// Creates a request record.
    public init(method: String, path: String, query: String?, headers: [Header], body: Data) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The decoded query items.
    public var queryItems: [URLQueryItem] {
        guard let query else { return [] }
        var components = URLComponents()
        components.percentEncodedQuery = query
        return components.queryItems ?? []
    }
}
