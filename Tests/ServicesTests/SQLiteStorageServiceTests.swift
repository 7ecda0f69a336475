import Foundation
import Logging
import Services
import Testing

@Suite("SQLite storage")
struct SQLiteStorageServiceTests {
    let file: URL
    /// The test's folder, removed when the last copy of the suite's value
    /// goes (the suite stays a struct: its task group captures it).
    private let folder: StorageFolder

    init() {
        folder = StorageFolder(
            FileManager.default.temporaryDirectory.appendingPathComponent("trestle-storage-\(UUID().uuidString)"))
        file = folder.url.appendingPathComponent("cache.sqlite")
    }

    private func open() throws -> SQLiteStorageService {
        try SQLiteStorageService(url: file, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// A store is written behind: the same connection reads it at once,
    /// another one once ``SQLiteStorageService/flush()`` returned.
    @Test func aStoredResponseSurvivesReopening() async throws {
        let fetched = Date(timeIntervalSince1970: 1_700_000_000)
        let first = try open()
        await first.store(
            CachedResponse(
                key: "fake|/todos", body: Data("[1]".utf8), etag: "W/\"a\"", totalCount: 1, fetchedAt: fetched))
        #expect(await first.cachedResponse(forKey: "fake|/todos")?.body == Data("[1]".utf8))
        await first.flush()
        let second = try open()
        let read = await second.cachedResponse(forKey: "fake|/todos")
        #expect(read?.body == Data("[1]".utf8))
        #expect(read?.etag == "W/\"a\"")
        #expect(read?.totalCount == 1)
        #expect(read?.fetchedAt == fetched)
        #expect(await second.cachedResponse(forKey: "fake|/posts") == nil)
    }

    /// SQLite's page cache is bounded below its 2 MB default: a long
    /// session filled that and kept it (issue 42, a long session stays light).
    @Test func thePageCacheIsBoundedToHalfAMebibyte() async throws {
        let storage = try open()
        #expect(await storage.pageCacheKiB() == 512)
    }

    /// A read cancelled with its task (the screen that asked was replaced)
    /// answers nothing and is not reported as a cache failure.
    @Test func aCancelledReadIsNoCacheFailure() async throws {
        let storage = try open()
        await storage.store(
            CachedResponse(key: "fake|/todos", body: Data("[1]".utf8), totalCount: 1, fetchedAt: Date()))
        let read = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await storage.cachedResponse(forKey: "fake|/todos")
        }
        _ = await read.value
        #expect(storage.failures.first == nil, "\(storage.failures.first ?? "")")
        #expect(await storage.cachedResponse(forKey: "fake|/todos")?.body == Data("[1]".utf8))
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

    @Test func aDirectoryInItsPlaceIsLeftAloneAndNamed() throws {
        try FileManager.default.createDirectory(
            at: file.appendingPathComponent("keep"), withIntermediateDirectories: true)
        #expect {
            _ = try open()
        } throws: { error in
            "\(error)" == "Cache off: a directory is in its place (\(file.path))"
        }
        #expect(FileManager.default.fileExists(atPath: file.appendingPathComponent("keep").path))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(!siblings.contains { $0.contains("corrupt") })
    }

    /// Several openers of a new file at once (two Trestles starting): each
    /// waits for the one creating the schema; none takes it for corruption.
    @Test func openersAtOnceNeverMoveTheFileAside() async throws {
        for _ in 0..<5 {
            try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
            try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<4 { group.addTask { try open().openWarning } }
                for try await warning in group { #expect(warning == nil) }
            }
            let siblings = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            #expect(!siblings.contains { $0.contains("corrupt") }, "\(siblings)")
        }
    }

    @Test func onlyTheFirstFailureIsTold() {
        let report = StorageFailureReport()
        report.record("first")
        let heard = Heard()
        report.listen { heard.add($0) }
        report.record("second")
        #expect(heard.all == ["first"])
        #expect(report.first == "first")
    }

    @Test func aFailureSaidAtStartIsNotToldAgain() {
        let report = StorageFailureReport()
        report.record("read-only", alreadySaid: true)
        let heard = Heard()
        report.listen { heard.add($0) }
        report.record("write failed")
        #expect(heard.all.isEmpty)
    }

    @Test func visitsComeBackNewestFirst() async throws {
        let storage = try open()
        await storage.recordVisit(HistoryEntry(path: "todos", visitedAt: Date(timeIntervalSince1970: 1)))
        await storage.recordVisit(HistoryEntry(path: "todos/3", visitedAt: Date(timeIntervalSince1970: 2)))
        #expect(await storage.recentVisits(limit: 5).map(\.path) == ["todos/3", "todos"])
    }
}

/// A temporary folder removed with its last reference.
private final class StorageFolder: Sendable {
    let url: URL

    init(_ url: URL) { self.url = url }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// What a listener heard, from any thread.
private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func add(_ message: String) { lock.withLock { messages.append(message) } }

    var all: [String] { lock.withLock { messages } }
}
