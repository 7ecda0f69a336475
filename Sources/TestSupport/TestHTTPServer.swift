import Foundation
import Hummingbird
import ServiceLifecycle

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
///
/// ``stop()`` shuts down gracefully, never by cancelling the serving task:
/// a cancelled server drops connections it accepted but had not served yet,
/// and NIO traps on their unfinished writers ("Deinited NIOAsyncWriter
/// without calling finish()"), which ends the whole test process. Answers
/// still pending at the stop (a handler that never returns, a long
/// ``TestHTTPResponse/delay``) become `503` at once so the shutdown need not
/// wait for them.
public final class TestHTTPServer: Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (TestHTTPRequest) async -> TestHTTPResponse

    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The bound port.
    public let port: Int
    private let log: TestHTTPServerLog
    private let group: ServiceGroup
    private let stopping: TestHTTPServerStop
    private let task: Task<Void, Never>

    private init(
        port: Int, log: TestHTTPServerLog, group: ServiceGroup, stopping: TestHTTPServerStop, task: Task<Void, Never>
    ) {
        self.port = port
        self.log = log
        self.group = group
        self.stopping = stopping
        self.task = task
        baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Starts a server and returns once it accepts connections.
    public static func start(_ handler: @escaping Handler) async throws -> TestHTTPServer {
        let log = TestHTTPServerLog()
        let stopping = TestHTTPServerStop()
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let received = try await record(request)
            await log.record(received)
            let reply = await stopping.unlessStopped {
                let reply = await handler(received)
                if let delay = reply.delay { try? await Task.sleep(for: delay) }
                return reply
            }
            return makeResponse(reply ?? TestHTTPResponse(status: 503))
        }
        var application = Application(
            responder: responder,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            }
        )
        // Stopping closes open connections, which the server logs as errors.
        application.logger.logLevel = .critical
        var configuration = ServiceGroupConfiguration(services: [application], logger: application.logger)
        // Only a client that never finishes its request can hold a graceful
        // shutdown this long; then the group cancels what is left.
        configuration.maximumGracefulShutdownDuration = .seconds(30)
        let group = ServiceGroup(configuration: configuration)
        let task = Task {
            do {
                try await group.run()
            } catch {
                // A failed bind, which start() reports.
            }
            portContinuation.finish()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            await group.triggerGracefulShutdown()
            await task.value
            throw TestHTTPServerError.couldNotStart
        }
        return TestHTTPServer(port: port, log: log, group: group, stopping: stopping, task: task)
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

    /// Stops the server and waits until its port and every connection are
    /// closed: pending answers become `503`, then a graceful shutdown (see
    /// the type's notes for why not a cancellation). Safe to call twice.
    public func stop() async {
        stopping.stop()
        await group.triggerGracefulShutdown()
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
