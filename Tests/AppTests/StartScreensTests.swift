import Foundation
import Services
import Synchronization
import TerminalUI
import TestSupport
import Testing

@testable import App

/// A service's OpenAPI document that changes the catalog after the screens
/// were made: before the first frame they are made again at once; after
/// it, new screens replace the drawn ones once their first screen has what
/// it shows — unless a key comes first, which keeps the drawn screens (the
/// status line keeps what the key said; the log notes the late document).
@MainActor
@Suite("Start screens and a late document")
struct StartScreensTests {
    /// Screens over the sample data, drawn (or still held), and the pieces they came from.
    @MainActor
    private struct Started {
        let screens: StartScreens
        let prepared: AppRoot.Prepared
        let terminal: InMemoryTerminal
        let home: TemporaryHome
        /// The router drawn when the test began.
        let before: AppRouter

        /// The start with a catalog as a document would give one: `names` only.
        func documented(_ names: [String]) -> AppRoot.Prepared {
            var described = prepared
            described.configuration.catalog = ResourceCatalog(
                names.map { prepared.catalog[$0]! }, source: "http://127.0.0.1:9/openapi.json")
            described.configuration.catalog.opening = described.catalog.foundOpening
            return described
        }

        func end() {
            screens.stopAll()
            home.remove()
        }
    }

    private func started(released: Bool = true, delay: Double = 0) async throws -> Started {
        let home = try TemporaryHome()
        let prepared = try await SampleStart.prepare(in: home, delay: delay)
        let terminal = InMemoryTerminal(size: Size(rows: 24, cols: 120))
        let router = AppRoot.makeRouter(prepared, terminal: terminal)
        let screens = StartScreens(router: router, first: prepared, terminal: terminal)
        router.startHeld()
        if released { router.releaseFrames() }
        return Started(screens: screens, prepared: prepared, terminal: terminal, home: home, before: router)
    }

    /// Waits (frame by frame, at most 30 s: only a failure takes that long) until `done`.
    private func eventually(_ screens: StartScreens, _ done: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(120)
        while !done(), ContinuousClock.now < deadline {
            let router = screens.router
            let alarm = Task { @MainActor in
                try? await Task.sleep(for: .milliseconds(50))
                router.setNeedsDisplay()
            }
            await router.nextFrame()
            alarm.cancel()
        }
    }

    /// The first list's rows are in (the store has them) before its screen
    /// has them: the first frame waits for the screen, so it shows the rows.
    @Test func theFirstFrameIsDrawnWhenTheListScreenHasItsRows() async throws {
        let run = try await started(released: false, delay: 0.3)
        defer { run.end() }
        run.screens.releaseWhenShown()
        #expect(run.before.frameCount == 0)
        await eventually(run.screens) { run.before.frameCount > 0 }
        #expect(run.terminal.contains("todos 200"), "\(run.terminal.text)")
        await run.home.remove(after: run.prepared.services.storage)
    }

    /// What waits for the first frame (the look for the document) is told
    /// once that frame is on the terminal, not before.
    @Test func whatWaitsForTheFirstFrameIsToldAfterItIsDrawn() async throws {
        let run = try await started(released: false, delay: 0.3)
        defer { run.end() }
        let framesWhenTold = Mutex<Int?>(nil)
        let before = run.before
        run.screens.releaseWhenShown {
            MainActor.assumeIsolated { framesWhenTold.withLock { $0 = before.frameCount } }
        }
        #expect(framesWhenTold.withLock { $0 } == nil)
        await eventually(run.screens) { framesWhenTold.withLock { $0 } != nil }
        #expect(framesWhenTold.withLock { $0 } == 1)
        #expect(run.terminal.contains("todos 200"), "\(run.terminal.text)")
        await run.home.remove(after: run.prepared.services.storage)
    }

    @Test func aDocumentBeforeTheFirstFrameRemakesTheScreensAtOnce() async throws {
        let run = try await started(released: false)
        defer { run.end() }
        run.screens.describe(run.documented(["users", "albums"]))
        #expect(run.screens.router !== run.before)
        #expect(run.screens.pending == nil)
        run.screens.router.releaseFrames()
        // No todos in the document: its two collections, on the start screen.
        #expect(run.terminal.contains("Resources of this service (from http://127.0.0.1:9/openapi.json)"))
        #expect(run.terminal.contains("resources 2"), "\(run.terminal.text)")
        await run.home.remove(after: run.prepared.services.storage)
    }

    @Test func aDocumentAfterTheFirstFrameReplacesTheScreensOnceTheirListIsReady() async throws {
        let run = try await started()
        defer { run.end() }
        run.screens.describe(run.documented(["todos", "users"]))
        // Made and loading, not drawn: the drawn screens stay until then.
        #expect(run.screens.router === run.before)
        let pending = try #require(run.screens.pending)
        #expect(pending.frameCount == 0)
        await eventually(run.screens) { run.screens.router === pending }
        #expect(run.screens.router === pending)
        #expect(run.screens.pending == nil)
        #expect(pending.frameCount > 0)
        await eventually(run.screens) { run.terminal.contains("todos 200") }
        #expect(run.terminal.contains("todos 200"), "\(run.terminal.text)")
        await run.home.remove(after: run.prepared.services.storage)
    }

    @Test func aKeyWhileTheNewScreensAreMadeRemakesThemAroundTheOpenList() async throws {
        let run = try await started()
        defer { run.end() }
        run.screens.describe(run.documented(["todos", "users"]))
        let pending = try #require(run.screens.pending)
        // The key goes to the drawn screens; the screens being made are
        // dropped, never drawn, and made again around the open list as the
        // key left it (its filter, sort and cursor: `ListCarry`), which then
        // replace the drawn ones.
        #expect(run.screens.handle(.down))
        let remade = try #require(run.screens.pending)
        #expect(remade !== pending)
        await eventually(run.screens) { run.screens.router === remade }
        #expect(run.screens.router === remade)
        #expect(pending.frameCount == 0)
        await run.home.remove(after: run.prepared.services.storage)
    }

    @Test func aKeyBeforeTheDocumentKeepsTheScreens() async throws {
        let run = try await started()
        defer { run.end() }
        #expect(run.screens.handle(.down))
        run.screens.describe(run.documented(["users", "albums"]))
        #expect(run.screens.router === run.before)
        #expect(run.screens.pending == nil)
        await run.home.remove(after: run.prepared.services.storage)
    }

    @Test func anUnchangedCatalogKeepsTheScreens() async throws {
        let run = try await started()
        defer { run.end() }
        run.screens.describe(run.prepared)
        #expect(run.screens.router === run.before)
        #expect(run.screens.pending == nil)
        await run.home.remove(after: run.prepared.services.storage)
    }

    /// `whenReady` waits for the list's first answer: not there while the
    /// server holds it back (its being there is what the swap test waits
    /// for), there once the server lets it go. The answer is held at the
    /// server until the assertions are made, so they never race it.
    @Test func aRouterIsNotReadyBeforeItsListHasItsFirstAnswer() async throws {
        let answer = Gate()
        let server = try await TestHTTPServer.start { request in
            guard request.path == "/todos" else { return TestHTTPResponse(status: 404) }
            await answer.wait()
            return .json(#"[{"id": 1, "userId": 1, "title": "first", "completed": false}]"#)
        }
        let home = try TemporaryHome()
        let options = LaunchOptions(
            environment: "development", baseURL: server.baseURL.absoluteString, catalog: "builtin")
        let prepared = try await AppRoot.prepare(options: options, environment: home.environment)
        let router = AppRoot.makeRouter(prepared, terminal: InMemoryTerminal(size: Size(rows: 24, cols: 120)))
        router.startHeld()
        final class Flag { var raised = false }
        let ready = Flag()
        router.whenReady { ready.raised = true }
        // The list has asked, and the server holds the answer.
        let asked = await Self.within(.seconds(120)) { await server.hitCount(path: "/todos") > 0 }
        #expect(asked, "the list never asked for its first page")
        for _ in 0..<50 { await Task.yield() }
        #expect(!router.top.isReady)
        #expect(!ready.raised)
        answer.open()
        #expect(await Self.within(.seconds(120)) { ready.raised }, "not ready after the answer came")
        #expect(router.top.isReady)
        router.stopAll()
        await prepared.services.shutdown()
        await server.stop()
        await home.remove(after: prepared.services.storage)
    }

    /// Whether `condition` holds within `timeout` (checked every 10 ms; the
    /// timeout only bounds a failure).
    private static func within(_ timeout: Duration, _ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await condition()
    }
}
