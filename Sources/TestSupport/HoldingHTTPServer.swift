import Foundation
import Synchronization

/// An HTTP/1.1 server on 127.0.0.1 that can hold an answer half-sent and
/// tells when the client gives up on it: a long load that a test stops.
///
/// ```swift
/// let server = try HoldingHTTPServer.start { request in
///     request.path == "/todos" ? .hold(.json(big), sendingFirst: 300_000) : .answer(.json("[]"))
/// }
/// // … the client cancels …
/// #expect(await server.closesWhileHolding(reach: 1))
/// await server.stop()
/// ```
///
/// A held answer sends its head (with the whole body's `Content-Length`)
/// and the first bytes of its body, then reads the connection until the
/// client closes it, which is counted (``closedWhileHolding``): the event a
/// cancelled transfer leaves on the server's side. Connections are kept
/// alive; each runs on a thread of its own (blocking reads, off the
/// cooperative pool). ``stop()`` ends every connection, held ones too.
public final class HoldingHTTPServer: Sendable {
    /// What to do with one request.
    public enum Answer: Sendable {
        /// Answer it whole.
        case answer(TestHTTPResponse)
        /// Send the head and the first `sendingFirst` bytes of the body, then
        /// hold the rest until the client closes the connection.
        case hold(TestHTTPResponse, sendingFirst: Int)
    }

    public typealias Handler = @Sendable (TestHTTPRequest) -> Answer

    /// The bound port.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL

    private struct State {
        var requests: [TestHTTPRequest] = []
        var open: [Int32: FaultSocket] = [:]
        var threads = 0
        var holding = 0
        var closedWhileHolding = 0
        var stopped = false
    }

    private let listener: FaultSocket
    private let handler: Handler
    private let state = Mutex(State())

    private init(listener: FaultSocket, port: Int, handler: @escaping Handler) {
        self.listener = listener
        self.port = port
        self.handler = handler
        baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Starts serving; `handler` decides each answer (on a connection's thread).
    public static func start(_ handler: @escaping Handler) throws -> HoldingHTTPServer {
        let (listener, port) = try FaultSocket.listen()
        let server = HoldingHTTPServer(listener: listener, port: port, handler: handler)
        server.spawn { server.acceptLoop() }
        return server
    }

    // MARK: - What happened

    /// Every request received, in arrival order.
    public var requests: [TestHTTPRequest] { state.withLock { $0.requests } }

    /// How many requests arrived for `path`.
    public func hitCount(path: String) -> Int {
        requests.filter { $0.path == path }.count
    }

    /// Answers being held now.
    public var holding: Int { state.withLock { $0.holding } }

    /// Held answers whose client closed the connection (not the server's stop).
    public var closedWhileHolding: Int { state.withLock { $0.closedWhileHolding } }

    /// Whether `count` held answers are being held within `seconds` (only a
    /// failure waits that long: a starved machine can take tens of seconds).
    public func holds(reach count: Int, within seconds: Int = 120) async -> Bool {
        await Self.eventually(within: seconds) { self.holding >= count }
    }

    /// Whether clients closed `count` held answers within `seconds`.
    public func closesWhileHolding(reach count: Int, within seconds: Int = 120) async -> Bool {
        await Self.eventually(within: seconds) { self.closedWhileHolding >= count }
    }

    /// Stops accepting, ends every connection and waits for their threads.
    public func stop() async {
        let sockets = state.withLock { state in
            state.stopped = true
            return Array(state.open.values)
        }
        listener.shutdown()
        for socket in sockets { socket.shutdown() }
        _ = await Self.eventually(within: 30) { self.state.withLock { $0.threads == 0 } }
        listener.close()
    }

    private static func eventually(within seconds: Int, _ condition: @Sendable () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    // MARK: - Serving

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.threads += 1 }
        let thread = Thread { [self] in
            body()
            state.withLock { $0.threads -= 1 }
        }
        thread.start()
    }

    private func acceptLoop() {
        while let client = listener.accept() {
            let accepted = state.withLock { state in
                guard !state.stopped else { return false }
                state.open[client.descriptor] = client
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
        requests: while let request = reader.next() {
            state.withLock { $0.requests.append(request) }
            switch handler(request) {
            case .answer(let response):
                if !client.write(Self.head(response) + Array(response.body)) { break requests }
            case .hold(let response, let first):
                hold(response, sendingFirst: first, on: client)
                break requests
            }
        }
        state.withLock { _ = $0.open.removeValue(forKey: client.descriptor) }
        client.close()
    }

    /// Sends the head and `first` bytes of the body, then waits for the client to close.
    private func hold(_ response: TestHTTPResponse, sendingFirst first: Int, on client: FaultSocket) {
        state.withLock { $0.holding += 1 }
        client.write(Self.head(response) + Array(response.body.prefix(first)))
        while !client.read().isEmpty {}
        state.withLock { state in
            state.holding -= 1
            if !state.stopped { state.closedWhileHolding += 1 }
        }
    }

    private static func head(_ response: TestHTTPResponse) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) Status\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(response.body.count)\r\nConnection: keep-alive\r\n\r\n"
        return Array(text.utf8)
    }
}
