import Foundation
import Services
import Synchronization
import Testing

/// The cache while it opens: a first run's writes are held in memory and
/// answered from there until the open is begun and done, then written into
/// the opened storage before anything else; an existing cache is read once open.
@Suite("Opening storage")
struct OpeningStorageTests {
    /// An open that finishes only when the test says so, and says whether it was asked.
    final class Gate: Sendable {
        let backing: InMemoryStorageService
        private let held: AsyncStream<Void>
        private let release: AsyncStream<Void>.Continuation
        private let asked = Mutex(0)

        init(_ backing: InMemoryStorageService = InMemoryStorageService(), held: Bool = false) {
            self.backing = backing
            (self.held, release) = AsyncStream.makeStream(of: Void.self)
            if !held { release.yield() }
        }

        var timesAsked: Int { asked.withLock { $0 } }

        func open() async -> any StorageService {
            asked.withLock { $0 += 1 }
            for await _ in held { break }
            return backing
        }

        func letOpen() { release.yield() }
    }

    static let response = CachedResponse(key: "fake|/todos", body: Data("[1]".utf8), fetchedAt: Date())
    static let request = StoredRequest(
        namespace: "fake", startedAt: Date(timeIntervalSince1970: 1_700_000_000), method: "GET", target: "/todos",
        status: 200, failure: nil, answer: "200 OK", milliseconds: 3, bytes: 3, requestHeaders: [],
        responseHeaders: [], body: Data())

    @Test func aFirstRunsWritesAreHeldAndReadBackWithoutOpening() async {
        let backing = InMemoryStorageService()
        await backing.store(Self.response)  // what the open would find, were it asked
        let gate = Gate(backing)
        let storage = OpeningStorage(startsEmpty: true) { await gate.open() }
        #expect(await storage.cachedResponse(forKey: "fake|/todos") == nil)
        #expect(await storage.serverDialect(forService: "fake") == nil)
        #expect(await storage.recentVisits(limit: 5).isEmpty)
        #expect(await storage.recentRequests(namespace: "fake", limit: 5).isEmpty)
        var written = Self.response
        written.body = Data("[2]".utf8)
        await storage.store(written)
        await storage.rememberServerDialect(.v1, forService: "fake")
        #expect(await storage.cachedResponse(forKey: "fake|/todos") == written)
        #expect(await storage.serverDialect(forService: "fake") == .v1)
        #expect(gate.timesAsked == 0, "nothing opened before it was begun")
        #expect(storage.isHolding)
    }

    @Test func theOpenWritesWhatWasHeldBeforeAnythingElse() async {
        let gate = Gate()
        let storage = OpeningStorage(startsEmpty: true) { await gate.open() }
        await storage.store(Self.response)
        await storage.rememberServerDialect(.v1, forService: "fake")
        await storage.recordVisit(HistoryEntry(path: "todos", visitedAt: Date(timeIntervalSince1970: 1)))
        await storage.appendRequests([Self.request], keeping: 10)
        await storage.invalidateResponses(withPrefix: "fake|/todos")
        _ = await storage.beginOpening().value
        #expect(!storage.isHolding)
        var invalidated = Self.response
        invalidated.etag = nil
        #expect(await gate.backing.cachedResponse(forKey: "fake|/todos") == invalidated)
        #expect(await gate.backing.serverDialect(forService: "fake") == .v1)
        #expect(await gate.backing.recentVisits(limit: 5).map(\.path) == ["todos"])
        #expect(await gate.backing.recentRequests(namespace: "fake", limit: 5) == [Self.request])
        // From now on calls go to the opened storage.
        await storage.removeResponse(forKey: "fake|/todos")
        #expect(await gate.backing.cachedResponse(forKey: "fake|/todos") == nil)
        #expect(gate.timesAsked == 1)
    }

    @Test func whileTheOpenRunsCallsAreAnsweredFromWhatIsHeld() async {
        let gate = Gate(held: true)
        let storage = OpeningStorage(startsEmpty: true) { await gate.open() }
        let opening = storage.beginOpening()
        // The open is still held: these return without waiting for it.
        await storage.store(Self.response)
        #expect(await storage.cachedResponse(forKey: "fake|/todos") == Self.response)
        #expect(storage.isHolding)
        gate.letOpen()
        _ = await opening.value
        #expect(await gate.backing.cachedResponse(forKey: "fake|/todos") == Self.response)
        #expect(storage.beginOpening() == opening, "begun once")
    }

    @Test func flushingOpensAHeldCacheSoNothingIsLost() async {
        let gate = Gate()
        let storage = OpeningStorage(startsEmpty: true) { await gate.open() }
        await storage.store(Self.response)
        await storage.flush()
        #expect(await gate.backing.cachedResponse(forKey: "fake|/todos") == Self.response)
    }

    @Test func anExistingCacheOpensAtOnceAndIsReadOnceOpen() async {
        let backing = InMemoryStorageService()
        await backing.store(Self.response)
        await backing.rememberServerDialect(.v1, forService: "fake")
        let gate = Gate(backing, held: true)
        let storage = OpeningStorage(startsEmpty: false) { await gate.open() }
        let read = Task { await storage.cachedResponse(forKey: "fake|/todos") }
        let dialect = Task { await storage.serverDialect(forService: "fake") }
        gate.letOpen()
        #expect(await read.value == Self.response)
        #expect(await dialect.value == .v1)
        #expect(gate.timesAsked == 1)
    }
}
