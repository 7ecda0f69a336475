import Foundation
import JSON

/// An HTTP request as the json-server engine sees it, independent of any
/// HTTP library.
public struct EngineRequest: Sendable {
    /// The method in upper case, e.g. `GET`.
    public var method: String
    /// The path without query, e.g. `/todos/1`.
    public var path: String
    /// Query parameters in order; a name may repeat.
    public var query: [QueryItem]
    /// Headers by lower-cased name.
    public var headers: [String: String]
    /// The request body, if any.
    public var body: Data?
    /// Scheme, host and port clients reach the server at, e.g.
    /// `http://127.0.0.1:3000`; used for `Link` and `Location`.
    public var baseURL: String

    /// Creates a request; `method` is upper-cased and header names lower-cased.
    public init(
        method: String, path: String, query: [QueryItem] = [], headers: [String: String] = [:],
        body: Data? = nil, baseURL: String = "http://localhost:3000"
    ) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
        self.baseURL = baseURL
    }

    /// Creates a request from a target such as `/todos?_page=2&_limit=5`.
    public init(
        method: String, target: String, headers: [String: String] = [:], body: Data? = nil,
        baseURL: String = "http://localhost:3000"
    ) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? "/"
        let query = parts.count > 1 ? QueryItem.parse(parts[1]) : []
        self.init(method: method, path: path, query: query, headers: headers, body: body, baseURL: baseURL)
    }

    /// The value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
