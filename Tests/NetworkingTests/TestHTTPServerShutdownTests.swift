import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `TestHTTPServer.stop()` however busy the server is: connections still
/// arriving, an answer held back for ever, an answer delayed past the test.
/// A stop that cancelled the serving task left accepted but unserved
/// connections behind, whose `NIOAsyncWriter` then trapped in NIO ("Deinited
/// NIOAsyncWriter without calling finish()") and took the test process down.
@Suite("Test HTTP server: stops cleanly however busy it is", .timeLimit(.minutes(2)))
struct TestHTTPServerShutdownTests {
    @Test func stoppingWhileConnectionsPourInDoesNotCrash() async throws {
        for _ in 0..<30 {
            let server = try await TestHTTPServer.start { _ in .json("[]") }
            let knocker = Knocker(port: server.port)
            await knocker.firstKnock()
            await server.stop()
            #expect(await knocker.stop() > 0)
        }
    }

    @Test func anAnswerHeldForEverDoesNotHoldTheStop() async throws {
        let server = try await TestHTTPServer.start { _ in
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }  // never answers
            return .json("[]")
        }
        let request = Task { await RawHTTP.get("/held", port: server.port) }
        while await server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        await server.stop()
        #expect(await request.value.hasPrefix("HTTP/1.1 503"))
    }

    @Test func aLongDelayIsCutShortByTheStop() async throws {
        let server = try await TestHTTPServer.start { _ in .json("[]", delay: .seconds(600)) }
        let request = Task { await RawHTTP.get("/late", port: server.port) }
        while await server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        await server.stop()
        #expect(await request.value.hasPrefix("HTTP/1.1 503"))
    }
}

/// Opens and drops TCP connections to a port as fast as it can, on a
/// thread of its own, until stopped.
private final class Knocker: Sendable {
    private let knocks: AsyncStream<Void>
    private let total: AsyncStream<Int>
    private let stopped = Atomic<Bool>(false)

    init(port: Int) {
        let (knocks, knocked) = AsyncStream.makeStream(of: Void.self)
        let (total, counted) = AsyncStream.makeStream(of: Int.self)
        self.knocks = knocks
        self.total = total
        Thread { [self] in
            var made = 0
            while !stopped.load(ordering: .acquiring) {
                if let descriptor = RawHTTP.connect(port: port) {
                    close(descriptor)
                    made += 1
                    knocked.finish()
                }
            }
            knocked.finish()
            counted.yield(made)
            counted.finish()
        }.start()
    }

    /// Returns once a first connection was made.
    func firstKnock() async {
        for await _ in knocks {}
    }

    /// Stops knocking; how many connections were made.
    func stop() async -> Int {
        stopped.store(true, ordering: .releasing)
        for await made in total { return made }
        return 0
    }
}

/// HTTP/1.1 over a plain socket, on threads of their own.
private enum RawHTTP {
    /// A connected socket, or nil when the connection is refused.
    static func connect(port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Sends `GET path` and reads until the server closes; what it read.
    static func get(_ path: String, port: Int) async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                guard let descriptor = connect(port: port) else { return continuation.resume(returning: "") }
                defer { close(descriptor) }
                let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
                _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = recv(descriptor, &buffer, buffer.count, 0)
                    if count <= 0 { break }
                    received += buffer[..<count]
                }
                continuation.resume(returning: String(decoding: received, as: UTF8.self))
            }.start()
        }
    }
}
