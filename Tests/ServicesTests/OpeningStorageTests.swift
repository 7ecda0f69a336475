import Foundation
import Services
import Testing

/// The cache while it opens: reads of a cache known to be empty do not wait
/// for the open; everything else does, and sees the run's earlier writes.
@Suite("Opening storage")
struct OpeningStorageTests {
    /// An open that finishes only when the test says so.
    final class Gate: Sendable {
        let opened: Task<any StorageService, Never>
        private let release: AsyncStream<Void>.Continuation

        init(_ storage: any StorageService) {
            let (stream, release) = AsyncStream.makeStream(of: Void.self)
            self.release = release
            opened = Task {
                for await _ in stream { break }
                return storage
            }
        }

        func open() { release.yield() }
    }

    static let response = CachedResponse(key: "fake|/todos", body: Data("[1]".utf8), fetchedAt: Date())

    @Test func aCacheThatStartsEmptyAnswersReadsBeforeItIsOpen() async {
        let backing = InMemoryStorageService()
        await backing.store(Self.response)  // what the open would find, were it asked
        let gate = Gate(backing)
        let storage = OpeningStorage(startsEmpty: true, opened: gate.opened)
        // Answered while the open is still held: nothing, without asking it.
        #expect(await storage.cachedResponse(forKey: "fake|/todos") == nil)
        #expect(await storage.serverDialect(forService: "fake") == nil)
        #expect(await storage.recentVisits(limit: 5).isEmpty)
        #expect(await storage.recentRequests(namespace: "fake", limit: 5).isEmpty)
        gate.open()
        await storage.flush()
    }

    @Test func afterTheFirstWriteReadsWaitForTheOpenAndSeeTheWrite() async {
        let gate = Gate(InMemoryStorageService())
        let storage = OpeningStorage(startsEmpty: true, opened: gate.opened)
        let write = Task { await storage.store(Self.response) }
        let read = Task { () -> CachedResponse? in
            await write.value
            return await storage.cachedResponse(forKey: "fake|/todos")
        }
        gate.open()
        #expect(await read.value == Self.response)
    }

    @Test func anExistingCacheIsReadOnceOpen() async {
        let backing = InMemoryStorageService()
        await backing.store(Self.response)
        await backing.rememberServerDialect(.v1, forService: "fake")
        let gate = Gate(backing)
        let storage = OpeningStorage(startsEmpty: false, opened: gate.opened)
        let read = Task { await storage.cachedResponse(forKey: "fake|/todos") }
        let dialect = Task { await storage.serverDialect(forService: "fake") }
        gate.open()
        #expect(await read.value == Self.response)
        #expect(await dialect.value == .v1)
    }
}
