import Foundation
import Networking
import Synchronization
import TestSupport
import Testing

/// A long load is seen to move: the transport tells every chunk of a body as
/// it arrives, and the activity tracker adds them up while requests are in
/// flight (the status bar's “1 req · 5.8 MB”).
@Suite struct TransferProgressTests {
    @Test func theTransportTellsEveryByteOfTheBodyAsItArrives() async throws {
        let body = String(repeating: "x", count: 300_000)
        let server = try await TestHTTPServer.start { _ in .text(body) }
        let chunks = Chunks()
        let transport = AsyncHTTPClientTransport(received: { chunks.add($0) })
        let response = try await transport.send(Request(method: .get, url: server.baseURL))
        await transport.shutdown()
        await server.stop()
        #expect(response.body.count == 300_000)
        #expect(chunks.total == 300_000)
    }

    @Test func theTrackerCountsBytesWhileRequestsAreInFlightAndForgetsThemWhenIdle() {
        let tracker = ActivityTracker()
        tracker.receive(bytes: 10)
        #expect(tracker.receivedBytes == 0, "no request in flight: nothing to add to")
        tracker.begin()
        tracker.begin()
        tracker.receive(bytes: 100)
        tracker.end()
        tracker.receive(bytes: 50)
        #expect(tracker.receivedBytes == 150)
        tracker.end()
        #expect(tracker.receivedBytes == 0)
        tracker.begin()
        #expect(tracker.receivedBytes == 0, "the next load starts from nothing")
    }

    /// The sizes told, added up across the transport's threads.
    final class Chunks: Sendable {
        private let sum = Mutex(0)
        var total: Int { sum.withLock { $0 } }
        func add(_ count: Int) { sum.withLock { $0 += count } }
    }
}
