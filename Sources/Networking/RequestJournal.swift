import Foundation
import Synchronization

/// The last requests of this run, newest last, for the request inspector.
///
/// A thread-safe ring buffer of ``Entry`` values, filled by
/// ``JournalMiddleware``. Appending stores a small value (headers redacted,
/// the body kept only up to ``bodyCap``); nothing is formatted until shown.
public final class RequestJournal: Sendable {
    /// How a request was answered.
    public enum Answer: String, Sendable, Hashable {
        /// By a server over the network.
        case network
        /// By a server, `304 Not Modified`: the cached copy was current.
        case revalidated
        /// By the fake environment's in-process engine.
        case fake
    }

    /// One finished request.
    public struct Entry: Sendable, Hashable {
        /// The entry's number in the run (1 for the first), set when appended.
        public internal(set) var sequence = 0
        /// When it started.
        public var startedAt: Date
        /// `GET`, `POST`…
        public var method: String
        /// The URL it was sent to (query items not yet appended).
        public var url: URL
        /// The query items appended to ``url``, secret values replaced by `***`.
        public var queryItems: [URLQueryItem]
        /// The status, or `nil` when it failed without one.
        public var status: Int?
        /// Why it failed (a transport error), if it did; worded when shown.
        public var failure: NetworkError?
        /// How it was answered.
        public var answer: Answer
        /// From the start to the final outcome, retries included.
        public var duration: Duration
        /// The response body's size in bytes (all of it, not just what is kept).
        public var responseBytes: Int
        /// The request's header fields, secrets replaced by `***`.
        public var requestHeaders: [HTTPHeaders.Field]
        /// The response's header fields, secrets replaced by `***`.
        public var responseHeaders: [HTTPHeaders.Field]
        /// The response body, up to ``RequestJournal/bodyCap`` bytes.
        public var body: Data
        /// The request's body when it is JSON (a GraphQL query, a record
        /// written), up to ``RequestJournal/bodyCap`` bytes, the request's
        /// own credentials replaced; empty otherwise (a form-encoded token
        /// request keeps nothing).
        public var requestBody = Data()
        /// The origin that answered after a redirect to another origin
        /// (`http://127.0.0.1:8081`), which was sent no credential; `nil` when
        /// the request's own origin answered.
        public var redirectedTo: String?

        public init(
            startedAt: Date, method: String, url: URL, queryItems: [URLQueryItem] = [], status: Int?,
            failure: NetworkError? = nil, answer: Answer, duration: Duration, responseBytes: Int,
            requestHeaders: [HTTPHeaders.Field] = [], responseHeaders: [HTTPHeaders.Field] = [], body: Data = Data()
        ) {
            self.startedAt = startedAt
            self.method = method
            self.url = url
            self.queryItems = queryItems
            self.status = status
            self.failure = failure
            self.answer = answer
            self.duration = duration
            self.responseBytes = responseBytes
            self.requestHeaders = requestHeaders
            self.responseHeaders = responseHeaders
            self.body = body
        }

        /// Whether ``body`` is shorter than the response's body.
        public var isBodyCut: Bool { body.count < responseBytes }

        /// The bytes of bodies this entry keeps.
        var keptBytes: Int { body.count + requestBody.count }

        /// The path and query, secret query values replaced by `***`
        /// (`/todos?_page=1&_limit=500`). Computed when shown.
        public var target: String {
            let request = Request(method: HTTPMethod(rawValue: method) ?? .get, url: url, queryItems: queryItems)
            let text = Redaction.url(of: request)
            guard let components = URLComponents(string: text) else { return text }
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            return components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
        }

        /// The duration in whole milliseconds.
        public var milliseconds: Int {
            Int(
                (Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15)
                    .rounded())
        }
    }

    /// How many requests are kept: the oldest go first.
    public let capacity: Int
    /// How much of a response body is kept: 64 KiB.
    public let bodyCap: Int
    /// How many bytes of bodies all entries keep together: beyond it the
    /// oldest entries' bodies go (their headers, status and size stay). 500
    /// pages of 60 KB each would otherwise be 30 MB kept for the inspector,
    /// and a long session grew by them. 1 MiB keeps the newest 16 pages of
    /// 64 KiB whole (many more small answers); the history keeps every body.
    public let bodyBudget: Int

    private struct State {
        var entries: [Entry] = []
        /// Where the next entry goes once the buffer is full.
        var next = 0
        /// Entries ever appended (a revision for observers).
        var appended = 0
        /// The bytes of bodies the entries keep.
        var keptBytes = 0
        var observers = Observers<Int>()
    }

    private let state = Mutex(State())
    /// Also told of every entry, its body whole (the request history).
    private let sink = Mutex<(@Sendable (Entry) -> Void)?>(nil)

    /// Tells `sink` of every entry appended from now on, before its body is
    /// cut (the history keeps more of it); called on the appending thread.
    public func onAppend(_ sink: @escaping @Sendable (Entry) -> Void) {
        self.sink.withLock { $0 = sink }
    }

    /// Keeps the last `capacity` requests, bodies up to `bodyCap` bytes
    /// each and `bodyBudget` bytes together (the newest keep theirs).
    public init(capacity: Int = 500, bodyCap: Int = 64 * 1024, bodyBudget: Int = 1 << 20) {
        self.capacity = max(1, capacity)
        self.bodyCap = max(0, bodyCap)
        self.bodyBudget = max(0, bodyBudget)
    }

    /// Adds `entry`, dropping the oldest beyond ``capacity``; its body is cut to ``bodyCap``.
    public func append(_ entry: Entry) {
        let whole = entry
        var entry = entry
        if entry.body.count > bodyCap { entry.body = Data(entry.body.prefix(bodyCap)) }
        if entry.requestBody.count > bodyCap { entry.requestBody = Data(entry.requestBody.prefix(bodyCap)) }
        defer {
            if let sink = sink.withLock({ $0 }) { sink(whole) }
        }
        state.withLock { state in
            state.appended += 1
            entry.sequence = state.appended
            state.keptBytes += entry.keptBytes
            if state.entries.count < capacity {
                state.entries.append(entry)
            } else {
                state.keptBytes -= state.entries[state.next].keptBytes
                state.entries[state.next] = entry
                state.next = (state.next + 1) % capacity
            }
            dropOldBodies(&state)
            state.observers.yield(state.appended)
        }
    }

    /// Takes the bodies of the oldest entries while those kept come to more
    /// than ``bodyBudget`` (the newest entry keeps its own).
    private func dropOldBodies(_ state: inout State) {
        guard state.keptBytes > bodyBudget else { return }
        let count = state.entries.count
        let oldest = count < capacity ? 0 : state.next
        for step in 0..<(count - 1) where state.keptBytes > bodyBudget {
            let index = (oldest + step) % count
            state.keptBytes -= state.entries[index].keptBytes
            state.entries[index].body = Data()
            state.entries[index].requestBody = Data()
        }
    }

    /// The requests kept, newest first.
    public func entries() -> [Entry] {
        state.withLock { state in
            Array(state.entries[..<state.next].reversed()) + state.entries[state.next...].reversed()
        }
    }

    /// How many requests were ever appended.
    public var revision: Int { state.withLock { $0.appended } }

    /// The revision after every append (starting with the current one);
    /// ends when the consumer stops iterating.
    public func updates() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { $0.observers.add(continuation, current: $0.appended) }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.observers.remove(id) }
        }
        return stream
    }

    deinit {
        state.withLock { state in
            state.observers.finish()
        }
    }
}

/// Records every call's final outcome in a ``RequestJournal``.
///
/// Costs one small value per request: headers redacted, the body shared
/// (or cut to the journal's cap), nothing formatted.
public struct JournalMiddleware: Middleware {
    /// Where calls are recorded.
    public let journal: RequestJournal
    /// How answers other than a 304 come: ``RequestJournal/Answer/network``
    /// or ``RequestJournal/Answer/fake``.
    public let transport: RequestJournal.Answer
    private let now: @Sendable () -> Date

    /// Records calls in `journal`, answered by `transport`.
    public init(
        journal: RequestJournal, transport: RequestJournal.Answer = .network,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.journal = journal
        self.transport = transport
        self.now = now
    }

    public func didReceive(_ result: Result<Response, NetworkError>, for request: Request) {
        let duration = RequestTrace.current?.elapsed ?? .zero
        let elapsed =
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        var entry = RequestJournal.Entry(
            startedAt: now().addingTimeInterval(-elapsed), method: request.method.rawValue, url: request.url,
            queryItems: Self.redacted(request.queryItems), status: nil, answer: transport, duration: duration,
            responseBytes: 0,
            requestHeaders: Self.redacted(request.headers))
        if let body = request.body, Self.isJSON(request.headers["Content-Type"]) {
            entry.requestBody = Redaction.scrubbed(body, of: request)
        }
        switch result {
        case .success(let response):
            entry.status = response.status
            entry.answer = response.isNotModified ? .revalidated : transport
            entry.responseBytes = response.body.count
            entry.responseHeaders = Self.redacted(response.headers)
            entry.redirectedTo = response.redirectedOrigin
            // An error page may echo the credentials it refused.
            entry.body = response.status >= 400 ? Redaction.scrubbed(response.body, of: request) : response.body
        case .failure(let error):
            entry.failure = error
        }
        journal.append(entry)
    }

    /// `application/json`, `application/vnd.api+json`…
    static func isJSON(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        else { return false }
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// Query items with secret values (`token`, `api_key`…) replaced by `***`.
    private static func redacted(_ items: [URLQueryItem]) -> [URLQueryItem] {
        guard items.contains(where: { Redaction.isSecretQueryName($0.name) }) else {
            return items
        }
        return items.map { item in
            Redaction.isSecretQueryName(item.name)
                ? URLQueryItem(name: item.name, value: "***") : item
        }
    }

    private static func redacted(_ headers: HTTPHeaders) -> [HTTPHeaders.Field] {
        headers.map { HTTPHeaders.Field(name: $0.name, value: Redaction.value(of: $0)) }
    }
}
