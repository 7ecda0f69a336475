import Foundation
import Hummingbird

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests.
///
/// ```swift
/// let server = try await TestHTTPServer.start { request in
///     request.path == "/todos" ? .json("[]") : .init(status: 404)
/// }
/// defer { Task { await server.stop() } }   // or `await server.stop()` at the end
/// let url = server.baseURL.appendingPathComponent("todos")
/// ```
///
/// Every request is recorded (headers exactly as received) before the
/// handler runs; read them with ``requests`` and ``hitCount(path:)``.
public final class TestHTTPServer: Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (TestHTTPRequest) async -> TestHTTPResponse

    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The bound port.
    public let port: Int
    private let log: TestHTTPServerLog
    private let task: Task<Void, Never>

    private init(port: Int, log: TestHTTPServerLog, task: Task<Void, Never>) {
        self.port = port
        self.log = log
        self.task = task
        baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Starts a server and returns once it accepts connections.
    public static func start(_ handler: @escaping Handler) async throws -> TestHTTPServer {
        let log = TestHTTPServerLog()
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let received = try await record(request)
            await log.record(received)
            let reply = await handler(received)
            if let delay = reply.delay {
                try await Task.sleep(for: delay)
            }
            return makeResponse(reply)
        }
        var application = Application(
            responder: responder,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            }
        )
        // Stopping cancels open connections, which the server logs as errors.
        application.logger.logLevel = .critical
        let task = Task { [application] in
            do {
                try await application.run()
            } catch {
                // Cancellation by stop() or a failed bind; start() reports the latter.
            }
            portContinuation.finish()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw TestHTTPServerError.couldNotStart
        }
        return TestHTTPServer(port: port, log: log, task: task)
    }

    /// A URL on 127.0.0.1 where nothing listens, so connecting is refused.
    ///
    /// Made by starting a server and stopping it; the kernel does not hand
    /// the freed ephemeral port out again at once.
    public static func refusingURL() async throws -> URL {
        let server = try await start { _ in TestHTTPResponse(status: 204) }
        await server.stop()
        return server.baseURL
    }

    /// Every request received, in arrival order.
    public var requests: [TestHTTPRequest] {
        get async { await log.requests }
    }

    /// How many requests arrived for `path`.
    public func hitCount(path: String) async -> Int {
        await log.requests.filter { $0.path == path }.count
    }

    /// Stops the server and waits until its port is closed.
    public func stop() async {
        task.cancel()
        await task.value
    }

    // MARK: - Conversions

    private static func record(_ request: Request) async throws -> TestHTTPRequest {
        let buffer = try await request.body.collect(upTo: 16 * 1_024 * 1_024)
        return TestHTTPRequest(
            method: request.method.rawValue,
            path: request.uri.path,
            query: request.uri.query,
            headers: request.headers.map { TestHTTPRequest.Header(name: $0.name.rawName, value: $0.value) },
            body: Data(buffer.readableBytesView)
        )
    }

    private static func makeResponse(_ reply: TestHTTPResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in reply.headers {
            guard let fieldName = HTTPFields.Element.Name(name) else { continue }
            fields.append(HTTPFields.Element(name: fieldName, value: value))
        }
        return Response(
            status: .init(code: reply.status),
            headers: fields,
            body: .init(byteBuffer: ByteBuffer(bytes: reply.body))
        )
    }
}
