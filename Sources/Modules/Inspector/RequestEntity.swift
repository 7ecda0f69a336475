import Foundation

/// One request of this run as the inspector shows it: what was asked, how
/// it was answered, and the (redacted) headers and body.
public struct RequestEntity: Equatable, Sendable {
    /// One header field (secrets already replaced by `***`).
    public struct Header: Equatable, Sendable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// How the request was answered.
    public enum Answer: String, Equatable, Sendable {
        case network
        /// `304 Not Modified`: the cached copy was current.
        case revalidated = "304"
        case fake
    }

    /// Unique within the run, growing: newer requests have larger ids.
    public var id: Int
    public var startedAt: Date
    public var method: String
    /// Path and query: `/todos?_page=1&_limit=500`.
    public var target: String
    public var status: Int?
    /// Why it failed without a status, if it did.
    public var failure: String?
    public var answer: Answer
    public var milliseconds: Int
    /// The whole response body's size.
    public var bytes: Int
    public var requestHeaders: [Header]
    public var responseHeaders: [Header]
    /// The response body, as much as was kept.
    public var body: Data
    /// The request's JSON body (a GraphQL query), as much as was kept; empty when none was kept.
    public var requestBody = Data()
    /// The request as a `curl` command line, when it had a body to repeat (secrets as `***`).
    public var curl: String?

    public init(
        id: Int, startedAt: Date, method: String, target: String, status: Int?, failure: String? = nil,
        answer: Answer, milliseconds: Int, bytes: Int, requestHeaders: [Header] = [], responseHeaders: [Header] = [],
        body: Data = Data()
    ) {
        self.id = id
        self.startedAt = startedAt
        self.method = method
        self.target = target
        self.status = status
        self.failure = failure
        self.answer = answer
        self.milliseconds = milliseconds
        self.bytes = bytes
        self.requestHeaders = requestHeaders
        self.responseHeaders = responseHeaders
        self.body = body
    }

    /// Whether ``body`` is only the start of the response's body.
    public var isBodyCut: Bool { body.count < bytes }
}

/// Where the inspector reads this run's requests (the app's request journal).
public protocol RequestLog: Sendable {
    /// The requests kept, newest first.
    func requests() -> [RequestEntity]
    /// Yields whenever a request is added (and once at the start).
    func changes() -> AsyncStream<Int>
}

/// A log with nothing in it (screens built without the app's journal).
public struct EmptyRequestLog: RequestLog {
    public init() {}
    public func requests() -> [RequestEntity] { [] }
    public func changes() -> AsyncStream<Int> { AsyncStream { $0.finish() } }
}

/// Where `:history` reads the requests of earlier runs too (the cache).
public protocol RequestHistory: Sendable {
    /// The requests kept, newest first.
    func requests() async -> [RequestEntity]
}

/// No history (screens built without the app's cache).
public struct EmptyRequestHistory: RequestHistory {
    public init() {}
    public func requests() async -> [RequestEntity] { [] }
}
