import Foundation

/// An immutable description of one HTTP request.
///
/// Build one with ``request(_:_:)`` and refine it with the decorators in
/// `RequestDecorators.swift` through `|>`:
///
/// ```swift
/// let get = request(.get, url) |> withAcceptJSON |> withBearer(token) |> withTimeout(10)
/// ```
public struct Request: Sendable, Hashable {
    /// The HTTP method.
    public let method: HTTPMethod
    /// The URL without the items of ``queryItems`` (it may carry its own query).
    public let url: URL
    /// Query items appended to ``url`` when the request is sent.
    public let queryItems: [URLQueryItem]
    /// Header fields, in the order they are sent.
    public let headers: HTTPHeaders
    /// The body, if any.
    public let body: Data?
    /// Seconds to wait for the server before failing with ``NetworkError/timeout(seconds:)``.
    public let timeout: TimeInterval
    /// At most this many bytes of the answer's body are read; the rest is
    /// not (the transfer ends there and its connection is closed). `nil`:
    /// the whole body, up to the transport's cap. Set with ``withBodyPrefix(_:)``.
    public let bodyPrefix: Int?

    /// The timeout used when none is given: 30 seconds.
    public static let defaultTimeout: TimeInterval = 30

    /// Creates a request; prefer ``request(_:_:)`` and decorators.
    public init(
        method: HTTPMethod,
        url: URL,
        queryItems: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        timeout: TimeInterval = Request.defaultTimeout,
        bodyPrefix: Int? = nil
    ) {
        self.method = method
        self.url = url
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.bodyPrefix = bodyPrefix.map { max(0, $0) }
    }

    /// ``url`` with ``queryItems`` appended to its query, or `nil` if they
    /// cannot be combined into a valid URL.
    ///
    /// Values are percent-encoded, including `+`, which many servers would
    /// otherwise read as a space.
    public var resolvedURL: URL? {
        guard !queryItems.isEmpty else { return url }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        let encoded = queryItems.map { item in
            URLQueryItem(name: Self.encode(item.name), value: item.value.map(Self.encode))
        }
        components.percentEncodedQueryItems = (components.percentEncodedQueryItems ?? []) + encoded
        return components.url
    }

    /// A copy with some fields replaced; the basis of every decorator.
    public func with(
        method: HTTPMethod? = nil,
        url: URL? = nil,
        queryItems: [URLQueryItem]? = nil,
        headers: HTTPHeaders? = nil,
        body: Data?? = nil,
        timeout: TimeInterval? = nil,
        bodyPrefix: Int?? = nil
    ) -> Request {
        Request(
            method: method ?? self.method,
            url: url ?? self.url,
            queryItems: queryItems ?? self.queryItems,
            headers: headers ?? self.headers,
            body: body ?? self.body,
            timeout: timeout ?? self.timeout,
            bodyPrefix: bodyPrefix ?? self.bodyPrefix
        )
    }

    private static let queryValueAllowed: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+&=;#")
        return allowed
    }()

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryValueAllowed) ?? text
    }
}

/// Starts a request: `method` to `url`, no headers, no body, default timeout.
public func request(_ method: HTTPMethod, _ url: URL) -> Request {
    Request(method: method, url: url)
}
