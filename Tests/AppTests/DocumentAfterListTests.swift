import Foundation
import Synchronization
import TestSupport
import Testing

@testable import App

/// At start, the service's OpenAPI document is looked for once the first
/// list has its answer, so the list's request goes out alone; a list with
/// no answer by ``AppRoot/listHeadStart`` does not hold the look back.
@Suite("The document asked after the first list")
struct DocumentAfterListTests {
    private static let todos = #"[{"id": 1, "userId": 1, "title": "first", "completed": false}]"#

    private func stage(
        _ server: TestHTTPServer, in home: TemporaryHome, firstFrame: Latch? = nil,
        headStart: Duration = AppRoot.listHeadStart, timeout: Double? = nil
    ) async throws -> AppRoot.Staged {
        // A server of todos alone: JSONPlaceholder's catalog, asked for.
        let options = LaunchOptions(
            environment: "development", baseURL: server.baseURL.absoluteString, timeout: timeout, catalog: "builtin")
        return try await AppRoot.stage(
            options: options, environment: home.environment, prefetch: true, firstFrame: firstFrame,
            headStart: headStart)
    }

    private func end(_ staged: AppRoot.Staged, _ server: TestHTTPServer, _ home: TemporaryHome) async {
        await staged.prepared.services.shutdown()
        await server.stop()
        await home.remove(after: staged.prepared.services.storage)
    }

    @Test func theDocumentsPathsAreAskedOnlyOnceTheListHasAnswered() async throws {
        let answered = Mutex(false)
        let askedBefore = Mutex<[String]>([])
        let server = try await TestHTTPServer.start { request in
            if request.path == "/todos" {
                try? await Task.sleep(for: .milliseconds(80))
                answered.withLock { $0 = true }
                return .json(Self.todos)
            }
            if !answered.withLock({ $0 }) { askedBefore.withLock { $0.append(request.path) } }
            return TestHTTPResponse(status: 404)
        }
        let home = try TemporaryHome()
        // The order is what is tested, not the head start's bound (tested
        // below): on a busy machine the list's answer may take longer than it.
        let staged = try await stage(server, in: home, headStart: .seconds(120))
        #expect(await staged.firstList?.value == true)
        _ = await staged.discovery?.value
        #expect(askedBefore.withLock { $0 }.isEmpty, "asked before the list's answer: \(askedBefore.withLock { $0 })")
        let paths = await server.requests.map(\.path)
        #expect(paths.first == "/todos")
        #expect(paths.contains("/openapi.json"), "\(paths)")
        await end(staged, server, home)
    }

    /// In the interactive run the look waits for the list's frame too: the
    /// frame is drawn while nothing else runs beside it.
    @Test func theDocumentsPathsWaitForTheFirstFrameAfterTheList() async throws {
        let drawn = Mutex(false)
        let askedBefore = Mutex<[String]>([])
        let server = try await TestHTTPServer.start { request in
            if request.path == "/todos" { return .json(Self.todos) }
            if !drawn.withLock({ $0 }) { askedBefore.withLock { $0.append(request.path) } }
            return TestHTTPResponse(status: 404)
        }
        let home = try TemporaryHome()
        let firstFrame = Latch()
        // A head start no test machine reaches: only the frame lets the look go.
        let staged = try await stage(server, in: home, firstFrame: firstFrame, headStart: .seconds(600))
        #expect(await staged.firstList?.value == true)
        // A window in which a look that did not wait would ask.
        try await Task.sleep(for: .milliseconds(50))
        drawn.withLock { $0 = true }
        firstFrame.open()
        _ = await staged.discovery?.value
        #expect(askedBefore.withLock { $0 }.isEmpty, "asked before the first frame: \(askedBefore.withLock { $0 })")
        #expect(await server.hitCount(path: "/openapi.json") == 1)
        await end(staged, server, home)
    }

    @Test func aFirstFrameThatIsNeverDrawnDoesNotHoldTheDocumentBack() async throws {
        let server = try await TestHTTPServer.start { request in
            request.path == "/todos" ? .json(Self.todos) : TestHTTPResponse(status: 404)
        }
        let home = try TemporaryHome()
        let staged = try await stage(server, in: home, firstFrame: Latch())
        _ = await staged.discovery?.value
        #expect(await server.hitCount(path: "/openapi.json") == 1)
        await end(staged, server, home)
    }

    /// The list's answer would come after 10 minutes (its timeout 15):
    /// a look that waited for it would run past the test's time limit.
    @Test(.timeLimit(.minutes(3))) func aListThatDoesNotAnswerDoesNotHoldTheDocumentBack() async throws {
        let server = try await TestHTTPServer.start { request in
            if request.path == "/todos" { return .json(Self.todos, delay: .seconds(600)) }
            return TestHTTPResponse(status: 404)
        }
        let home = try TemporaryHome()
        let staged = try await stage(server, in: home, timeout: 900)
        _ = await staged.discovery?.value
        #expect(await server.hitCount(path: "/openapi.json") == 1)
        await end(staged, server, home)
    }
}

@Suite("A start latch")
struct LatchTests {
    @Test func waitersResumeWhenItOpensAndLaterOnesAtOnce() async {
        let latch = Latch()
        let opened = Mutex(false)
        let waiter = Task {
            await latch.wait()
            return opened.withLock { $0 }
        }
        opened.withLock { $0 = true }
        latch.open()
        #expect(await waiter.value)
        await latch.wait()  // already open: returns at once
        latch.open()  // a second open changes nothing
    }
}

@Suite("A task awaited with a limit")
struct TaskLimitTests {
    /// The limit is an hour and the test's time limit three minutes: a wait
    /// for the limit fails the test, however slowly a busy machine runs it.
    @Test(.timeLimit(.minutes(3))) func returnsWhenTheTaskFinishesFirst() async {
        let task = Task<Int, Never> { 7 }
        await task.finished(orAfter: .seconds(3600))
        #expect(await task.value == 7)
    }

    @Test func returnsAtTheLimitWhileTheTaskRunsOn() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task<Int?, Never> {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        }
        await task.finished(orAfter: .milliseconds(20))
        continuation.yield(3)
        #expect(await task.value == 3)
    }
}
