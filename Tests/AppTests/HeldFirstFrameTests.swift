import Foundation
import TerminalUI
import TestSupport
import Testing

@testable import App

/// A router started held (while the service's OpenAPI document is looked
/// for) loads but draws nothing until it is released.
@MainActor
@Suite("Held first frame")
struct HeldFirstFrameTests {
    @Test func aHeldRouterLoadsButDrawsOnlyOnceReleased() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        let prepared = try await SampleStart.prepare(in: home)
        let terminal = InMemoryTerminal(size: Size(rows: 24, cols: 100))
        let router = AppRoot.makeRouter(prepared, terminal: terminal)
        router.startHeld()
        // The list loads meanwhile (it asks for frames), none is drawn.
        let records = try await prepared.services.api.records(
            prepared.catalog.resources[0], .init(page: 1, limit: 500))
        #expect(records.items.count == 200)
        router.setNeedsDisplay()
        for _ in 0..<20 { await Task.yield() }
        #expect(router.frameCount == 0)
        #expect(!terminal.contains("Trestle"))

        router.releaseFrames()
        #expect(router.frameCount == 1)
        #expect(terminal.contains("Trestle"))
        let deadline = ContinuousClock.now + .seconds(120)
        while !terminal.contains("todos 200"), ContinuousClock.now < deadline {
            let alarm = Task { @MainActor in
                try? await Task.sleep(for: .milliseconds(200))
                router.setNeedsDisplay()
            }
            await router.nextFrame()
            alarm.cancel()
        }
        #expect(terminal.contains("todos 200"))
        router.stopAll()
        await home.remove(after: prepared.services.storage)
    }

    /// A router stopped before it drew (replaced, or the run ending) lets go
    /// of whoever waits for its next frame: none will come.
    @Test(.timeLimit(.minutes(1))) func waitingForTheNextFrameEndsWhenTheRouterStops() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        let prepared = try await SampleStart.prepare(in: home)
        let router = AppRoot.makeRouter(prepared, terminal: InMemoryTerminal(size: Size(rows: 24, cols: 100)))
        router.startHeld()
        let waiting = Task { @MainActor in await router.nextFrame() }
        for _ in 0..<20 { await Task.yield() }
        router.stopAll()
        await waiting.value
        #expect(router.frameCount == 0)
        await router.nextFrame()  // stopped: returns at once
        await home.remove(after: prepared.services.storage)
    }
}
