import Foundation
import JSON
import JSONServerCore
import Synchronization

/// A json-server on 127.0.0.1 that misbehaves on request: the engine
/// (`JSONServerEngine`, as in ``EngineTestServer``) behind a hand-written
/// HTTP/1.1 server that can send malformed, truncated, wrongly typed or
/// hostile answers, reset connections, fail with 5xx, ask for
/// `Retry-After`, or answer late or never (see ``NetworkFault``).
///
/// Faults are chosen per route and may change while a test runs, so one
/// server and one app can go through many faults:
///
/// ```swift
/// let server = try await FaultHTTPServer.start(file: SampleData.file)
/// server.inject(FaultRule(.status(503), method: "GET", path: "/todos"))   // always
/// server.inject(FaultRule(.resetMidBody, method: "PATCH", times: 1))        // once
/// server.clearFaults()
/// let posts = server.requests.filter { $0.method == "POST" }.count
/// await server.stop()
/// ```
///
/// Connections are kept alive whatever the client asks (`Connection:
/// close` is ignored), so a client that reuses them meets a fault on a
/// reused connection too.
///
/// Every request is recorded as it arrives, faulted or not. Each
/// connection runs on a thread of its own (blocking reads, off the
/// cooperative pool); ``stop()`` ends every connection, the silent ones too.
public final class FaultHTTPServer: @unchecked Sendable {
    /// The bound port.
    public let port: Int
    /// The engine behind the faults; read `database()` to see writes.
    public let engine: JSONServerEngine
    /// `http://127.0.0.1:<port>`, no trailing slash.
    public var baseURLString: String { "http://127.0.0.1:\(port)" }

    private let listener: FaultSocket
    private let state = NSCondition()
    private var rules: [FaultRule] = []
    private var log: [TestHTTPRequest] = []
    private var faultsServed: [String] = []
    private var open: [Int32: FaultSocket] = [:]
    private var threads = 0
    private var stopped = false

    private init(listener: FaultSocket, port: Int, engine: JSONServerEngine) {
        self.listener = listener
        self.port = port
        self.engine = engine
    }

    /// Serves `database` until ``stop()``.
    public static func start(database: JSONDatabase, dialect: JSONServerDialect = .v0) throws -> FaultHTTPServer {
        let (listener, port) = try FaultSocket.listen()
        let server = FaultHTTPServer(
            listener: listener, port: port, engine: JSONServerEngine(database: database, dialect: dialect))
        server.spawn { server.acceptLoop() }
        return server
    }

    /// Serves a json-server db file.
    public static func start(file: URL) throws -> FaultHTTPServer {
        try start(database: JSONDatabase(data: Data(contentsOf: file)))
    }

    /// Serves a db given as JSON text.
    public static func start(json: String) throws -> FaultHTTPServer {
        try start(database: JSONDatabase(data: Data(json.utf8)))
    }

    // MARK: - Faults and the log

    /// Adds a rule; the first matching rule with spoils left decides a request's fault.
    public func inject(_ rule: FaultRule) {
        state.withLock { rules.append(rule) }
    }

    /// Serves every request faithfully from now on.
    public func clearFaults() {
        state.withLock { rules.removeAll() }
    }

    /// Every request received, in arrival order.
    public var requests: [TestHTTPRequest] {
        state.withLock { log }
    }

    /// `METHOD /path` of every request, in arrival order.
    public var requestLines: [String] {
        requests.map { "\($0.method) \($0.path)" }
    }

    /// How many requests with `method` arrived (for `path`, when given).
    public func count(_ method: String, path: String? = nil) -> Int {
        requests.filter { $0.method == method && (path == nil || $0.path == path) }.count
    }

    /// The faults actually served, as `METHOD /path: fault`, in order.
    public var served: [String] {
        state.withLock { faultsServed }
    }

    /// Stops accepting, ends every connection (a silent answer too) and
    /// waits for their threads.
    public func stop() {
        state.withLock {
            stopped = true
            state.broadcast()
        }
        listener.shutdown()
        for socket in state.withLock({ Array(open.values) }) { socket.shutdown() }
        state.withLock {
            while threads > 0 { state.wait() }
        }
        listener.close()
    }

    // MARK: - Serving

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        state.withLock { threads += 1 }
        let thread = Thread { [self] in
            body()
            state.withLock {
                threads -= 1
                state.broadcast()
            }
        }
        thread.start()
    }

    private func acceptLoop() {
        while let client = listener.accept() {
            let accepted = state.withLock {
                guard !stopped else { return false }
                open[client.descriptor] = client
                return true
            }
            guard accepted else {
                client.close()
                break
            }
            spawn { [self] in serve(client) }
        }
    }

    private func serve(_ client: FaultSocket) {
        var reader = FaultHTTPRequestReader(socket: client)
        var ending = Ending.close
        while let request = reader.next() {
            let fault = state.withLock {
                log.append(request)
                let fault = takeFault(for: request)
                if let fault { faultsServed.append("\(request.method) \(request.path): \(fault)") }
                return fault
            }
            if let end = answer(request, with: fault, on: client) {
                ending = end
                break
            }
        }
        // Forgotten before closing: the descriptor's number may be reused at once.
        state.withLock { _ = open.removeValue(forKey: client.descriptor) }
        switch ending {
        case .close: client.close()
        case .reset: client.reset()
        }
    }

    /// How a connection ends.
    private enum Ending {
        case close
        case reset
    }

    private func takeFault(for request: TestHTTPRequest) -> NetworkFault? {
        for index in rules.indices where rules[index].matches(method: request.method, path: request.path) {
            if rules[index].take() { return rules[index].fault }
        }
        return nil
    }

    /// Answers one request; how the connection ends when the fault (or the client) ends it.
    private func answer(_ request: TestHTTPRequest, with fault: NetworkFault?, on client: FaultSocket) -> Ending? {
        // A spoiled answer is a full one: never a 304 with nothing to spoil.
        let engineAnswer =
            fault == nil
            ? handle(request)
            : fault?.reachesEngine == true ? handle(Self.unconditional(request)) : EngineResponse(status: 500)
        let headers = engineAnswer.headers.filter { $0.name.lowercased() != "content-length" }.map {
            ($0.name, $0.value)
        }
        let status = engineAnswer.status
        let body = engineAnswer.body
        guard let fault else { return send(status, headers, body, on: client) }
        // A spoiled body is not the one the engine's validator names (a server
        // whose answers change has new ETags), so it goes without one.
        let spoiled = headers.filter { !["etag", "last-modified"].contains($0.0.lowercased()) }
        switch fault {
        case .malformedJSON:
            return send(200, [("Content-Type", "application/json")], FaultBodies.malformed, on: client)
        case .truncatedBody:
            let head = Self.head(status, headers, length: body.count)
            client.write(head + Array(body.prefix(body.count / 2)))
            return .close
        case .wrongTypes(let shape):
            return send(status, spoiled, FaultBodies.wrongTypes(body, shape), on: client)
        case .emptyBody:
            return send(status, spoiled.filter { $0.0.lowercased() != "content-type" }, Data(), on: client)
        case .htmlPage(let code):
            return send(code, [("Content-Type", "text/html")], FaultBodies.htmlPage(status: code), on: client)
        case .resetBeforeHeaders:
            return .reset
        case .resetMidBody:
            client.write(Self.head(status, headers, length: body.count) + Array(body.prefix(body.count / 2)))
            return .reset
        case .status(let code):
            return send(code, [("Content-Type", "application/json")], FaultBodies.errorJSON(status: code), on: client)
        case .retryAfter(let seconds):
            return send(
                503, [("Content-Type", "application/json"), ("Retry-After", "\(seconds)")],
                FaultBodies.errorJSON(status: 503), on: client)
        case .slow(let seconds):
            let deadline = seconds.map { Date().addingTimeInterval($0) } ?? .distantFuture
            let gaveUp = state.withLock {
                while !stopped, Date() < deadline { _ = state.wait(until: min(deadline, Date().addingTimeInterval(1))) }
                return stopped
            }
            return gaveUp ? .close : send(status, headers, body, on: client)
        case .hugeStrings:
            return send(status, spoiled, FaultBodies.hugeStrings(body), on: client)
        case .invalidUTF8:
            return send(status, spoiled, FaultBodies.invalidUTF8Titles(body), on: client)
        case .deepNesting:
            return send(200, [("Content-Type", "application/json")], FaultBodies.deepNesting, on: client)
        case .escapesInHeaders:
            let hostile = HostileText.titleSet + HostileText.clipboard
            let hostileHeaders = headers.map { ($0.0, $0.1 + hostile) } + [("X-Hostile", hostile)]
            return send(status, hostileHeaders, body, on: client)
        }
    }

    /// `request` without `If-None-Match` / `If-Modified-Since`.
    private static func unconditional(_ request: TestHTTPRequest) -> TestHTTPRequest {
        let conditional: Set<String> = ["if-none-match", "if-modified-since"]
        return TestHTTPRequest(
            method: request.method, path: request.path, query: request.query,
            headers: request.headers.filter { !conditional.contains($0.name.lowercased()) }, body: request.body)
    }

    /// The engine's answer, waited for on this (non-pool) thread; a `503`
    /// once the server stops first. The engine answers on the cooperative
    /// pool, so ``stop()`` must not wait for a connection that waits for
    /// the engine: on a busy machine every pool thread may be the one
    /// stopping a server.
    private func handle(_ request: TestHTTPRequest) -> EngineResponse {
        let box = AnswerBox()
        let engine = engine
        let engineRequest = EngineTestServer.engineRequest(from: request, baseURL: baseURLString)
        Task { [state] in
            let answer = await engine.handle(engineRequest)
            state.withLock {
                box.set(answer)
                state.broadcast()
            }
        }
        return state.withLock {
            while box.get() == nil, !stopped { state.wait() }
            return box.get() ?? EngineResponse(status: 503)
        }
    }

    private func send(_ status: Int, _ headers: [(String, String)], _ body: Data, on client: FaultSocket) -> Ending? {
        client.write(Self.head(status, headers, length: body.count) + Array(body)) ? nil : .close
    }

    private static func head(_ status: Int, _ headers: [(String, String)], length: Int) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(HTTPReason.phrase(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(length)\r\nConnection: keep-alive\r\n\r\n"
        return Array(text.utf8)
    }
}

/// The engine's answer, handed from its task to the waiting connection thread.
private final class AnswerBox: Sendable {
    private let answer = Mutex<EngineResponse?>(nil)

    func set(_ value: EngineResponse) { answer.withLock { $0 = value } }
    func get() -> EngineResponse? { answer.withLock { $0 } }
}

/// Reason phrases for the status line.
private enum HTTPReason {
    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
