import Foundation
import Services
import TestSupport
import Testing

@testable import App

/// A first run's cache (no file yet) is opened by the interactive start only
/// after the first frame: the list loads and is kept in memory meanwhile,
/// and all of it reaches the file once it opens. Other runs open at once.
@Suite("The first run's cache")
struct FirstRunCacheTests {
    private static let todos = #"[{"id": 1, "userId": 1, "title": "first", "completed": false}]"#

    private func stage(_ server: TestHTTPServer, in home: TemporaryHome, later: Bool) async throws -> AppRoot.Staged {
        let options = LaunchOptions(
            environment: "development", baseURL: server.baseURL.absoluteString, catalog: "builtin")
        return try await AppRoot.stage(
            options: options, environment: home.environment, prefetch: true, opensCacheLater: later)
    }

    @Test func theInteractiveStartLoadsTheListWithoutOpeningTheFile() async throws {
        let server = try await TestHTTPServer.start { request in
            request.path == "/todos" ? .json(Self.todos, headers: [("ETag", "W/\"1\"")]) : TestHTTPResponse(status: 404)
        }
        let home = try TemporaryHome()
        defer { home.remove() }
        let file = AppPaths(environment: home.environment).cacheDatabase
        let staged = try await stage(server, in: home, later: true)
        #expect(await staged.firstList?.value == true)
        #expect(staged.cache.isHolding)
        #expect(!FileManager.default.fileExists(atPath: file.path), "the file was made before the first frame")
        // The first frame drawn: the open writes what the list kept.
        _ = await staged.cache.beginOpening().value
        await staged.prepared.services.shutdown()
        await server.stop()
        let reopened = try SQLiteStorageService(url: file, logger: staged.prepared.logger)
        let base = server.baseURL.absoluteString
        let kept = await reopened.cachedResponse(forKey: "development|\(base)|\(base)/todos?_page=1&_limit=500")
        #expect(kept?.etag == "W/\"1\"", "the list's answer, with its validator, reached the file")
    }

    @Test func otherRunsOpenTheFileAtOnce() async throws {
        let server = try await TestHTTPServer.start { _ in .json(Self.todos) }
        let home = try TemporaryHome()
        defer { home.remove() }
        let staged = try await stage(server, in: home, later: false)
        _ = await staged.cache.beginOpening().value
        #expect(!staged.cache.isHolding)
        #expect(FileManager.default.fileExists(atPath: AppPaths(environment: home.environment).cacheDatabase.path))
        await staged.prepared.services.shutdown()
        await server.stop()
    }
}
