import Foundation
import Logging
import Services
import Testing

@Suite("SQLite storage")
struct SQLiteStorageServiceTests {
    let file: URL

    init() {
        file = FileManager.default.temporaryDirectory
            .appendingPathComponent("trestle-storage-\(UUID().uuidString)/cache.sqlite")
    }

    private func open() throws -> SQLiteStorageService {
        try SQLiteStorageService(url: file, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test func aStoredResponseSurvivesReopening() async throws {
        let fetched = Date(timeIntervalSince1970: 1_700_000_000)
        let first = try open()
        await first.store(
            CachedResponse(
                key: "fake|/todos", body: Data("[1]".utf8), etag: "W/\"a\"", totalCount: 1, fetchedAt: fetched))
        let second = try open()
        let read = await second.cachedResponse(forKey: "fake|/todos")
        #expect(read?.body == Data("[1]".utf8))
        #expect(read?.etag == "W/\"a\"")
        #expect(read?.totalCount == 1)
        #expect(read?.fetchedAt == fetched)
        #expect(await second.cachedResponse(forKey: "fake|/posts") == nil)
    }

    @Test func invalidatingAPrefixDropsValidatorsButKeepsBodies() async throws {
        let storage = try open()
        await storage.store(
            CachedResponse(key: "p|http://x/todos?a=1", body: Data("[]".utf8), etag: "1", fetchedAt: Date()))
        await storage.store(
            CachedResponse(key: "p|http://x/users", body: Data("[]".utf8), etag: "2", fetchedAt: Date()))
        await storage.invalidateResponses(withPrefix: "p|http://x/todos")
        #expect(await storage.cachedResponse(forKey: "p|http://x/todos?a=1")?.etag == nil)
        #expect(await storage.cachedResponse(forKey: "p|http://x/todos?a=1")?.body == Data("[]".utf8))
        #expect(await storage.cachedResponse(forKey: "p|http://x/users")?.etag == "2")
    }

    @Test func aCorruptFileIsMovedAsideAndReplaced() async throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("this is not a database, just text".utf8).write(to: file)
        let storage = try open()
        #expect(storage.openWarning?.contains("corrupt") == true)
        await storage.store(CachedResponse(key: "k", body: Data("{}".utf8), fetchedAt: Date()))
        #expect(await storage.cachedResponse(forKey: "k") != nil)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(siblings.contains { $0.contains("corrupt") })
    }

    @Test func visitsComeBackNewestFirst() async throws {
        let storage = try open()
        await storage.recordVisit(HistoryEntry(path: "todos", visitedAt: Date(timeIntervalSince1970: 1)))
        await storage.recordVisit(HistoryEntry(path: "todos/3", visitedAt: Date(timeIntervalSince1970: 2)))
        #expect(await storage.recentVisits(limit: 5).map(\.path) == ["todos/3", "todos"])
    }
}
