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
    /// How the answer's body is read as it arrives, only what the scanner
    /// keeps carried (a probe that needs a few facts of a large answer).
    /// `nil`: the whole body, up to the transport's cap. Set with ``withBodyScan(_:)``.
    public let bodyScan: BodyScan?

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
        bodyScan: BodyScan? = nil
    ) {
        self.method = method
        self.url = url
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.bodyScan = bodyScan
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
        bodyScan: BodyScan?? = nil
    ) -> Request {
        Request(
            method: method ?? self.method,
            url: url ?? self.url,
            queryItems: queryItems ?? self.queryItems,
            headers: headers ?? self.headers,
            body: body ?? self.body,
            timeout: timeout ?? self.timeout,
            bodyScan: bodyScan ?? self.bodyScan
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

/// Reads an answer's body as it arrives and keeps only what it needs, so
/// that an answer of any size is looked at in constant memory: the
/// transport hands it each chunk, and the response carries ``body()``
/// instead of the bytes read.
public protocol BodyScanner: Sendable {
    /// Takes the next bytes of the body; `false`: it needs no more (the
    /// transfer ends there and its connection is closed).
    mutating func read(_ bytes: UnsafeRawBufferPointer) -> Bool
    /// What the response carries as its body (bounded by the scanner,
    /// however much was read).
    func body() -> Data
}

/// How a request's answer is read (``withBodyScan(_:)``): a fresh
/// ``BodyScanner`` for each answer, and how far it may read — at most
/// ``mostBytes`` and for at most ``seconds`` (within the request's own
/// timeout); past either the transfer stops and the response carries what
/// the scanner kept.
public struct BodyScan: Sendable, Hashable, CustomStringConvertible {
    /// Names the scan (requests compare and hash by it and the bounds).
    public let name: String
    /// The most bytes of the body read.
    public let mostBytes: Int
    /// The most seconds spent reading the body.
    public let seconds: Double
    private let make: @Sendable () -> any BodyScanner

    public init(
        name: String, mostBytes: Int, seconds: Double, make: @escaping @Sendable () -> any BodyScanner
    ) {
        self.name = name
        self.mostBytes = max(0, mostBytes)
        self.seconds = max(0, seconds)
        self.make = make
    }

    /// A scanner for one answer.
    public func scanner() -> any BodyScanner { make() }

    /// What a response to a request with this scan carries when `data` is
    /// the whole body, given in chunks of `chunk` bytes (as a transport
    /// would; the time bound aside): for clients that hold whole answers,
    /// and tests.
    public func scanned(_ data: Data, chunk: Int = 64 * 1024) -> Data {
        var scanner = make()
        var start = data.startIndex
        let end = data.startIndex + min(data.count, mostBytes)
        while start < end {
            let next = min(end, start + max(1, chunk))
            let more = data[start..<next].withUnsafeBytes { scanner.read($0) }
            start = next
            if !more { break }
        }
        return scanner.body()
    }

    public var description: String { name }

    public static func == (left: BodyScan, right: BodyScan) -> Bool {
        left.name == right.name && left.mostBytes == right.mostBytes && left.seconds == right.seconds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(mostBytes)
        hasher.combine(seconds)
    }
}
