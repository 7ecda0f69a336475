import Foundation
import Services
import TerminalUI
import TestSupport
import Testing

@testable import App

/// A large document's first collections come before the rest: the whole
/// catalog replaces them even after keys while the start screen is all
/// there is, and a reading stopped (Esc) brings the configured screens
/// back at once, saying so.
@MainActor
@Suite("Start screens and a document read in slices")
struct StartScreensReadingTests {
    @MainActor
    private struct Started {
        let screens: StartScreens
        let prepared: AppRoot.Prepared
        let terminal: InMemoryTerminal
        let home: TemporaryHome

        /// The start with a catalog as a document would give one: `names` only.
        func documented(_ names: [String]) -> AppRoot.Prepared {
            var described = prepared
            described.configuration.catalog = ResourceCatalog(
                names.compactMap { prepared.catalog[$0] }, source: "http://127.0.0.1:9/openapi.json")
            described.configuration.catalog.opening = described.catalog.foundOpening
            return described
        }

        func end() {
            screens.stopAll()
            home.remove()
        }
    }

    /// Screens over the sample data showing the first collections (`users`) of a document.
    private func showingFirstCollections() async throws -> Started {
        let home = try TemporaryHome()
        let prepared = try await SampleStart.prepare(in: home, delay: 0)
        let terminal = InMemoryTerminal(size: Size(rows: 24, cols: 120))
        let screens = StartScreens(
            router: AppRoot.makeRouter(prepared, terminal: terminal), first: prepared, terminal: terminal)
        screens.router.startHeld()
        let run = Started(screens: screens, prepared: prepared, terminal: terminal, home: home)
        screens.describe(run.documented(["users"]), firstCollections: true)
        screens.router.releaseFrames()
        await eventually(screens) { screens.router.frameCount > 0 }
        return run
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

    @Test func theWholeCatalogReplacesTheFirstCollectionsThoughKeysCameOnTheStartScreen() async throws {
        let run = try await showingFirstCollections()
        defer { run.end() }
        #expect(run.terminal.contains("resources 1"), "\(run.terminal.text)")
        #expect(run.screens.handle(.down))
        run.screens.describe(run.documented(["users", "albums"]))
        let pending = try #require(run.screens.pending)
        #expect(run.screens.handle(.down))
        #expect(run.screens.pending === pending)
        await eventually(run.screens) { run.screens.router === pending && pending.frameCount > 0 }
        #expect(run.screens.router === pending)
        // The whole catalog, with what `/db` adds (the swap waits for it).
        #expect(run.terminal.contains("albums"), "\(run.terminal.text)")
        #expect(!run.terminal.contains("resources 1"), "\(run.terminal.text)")
        await run.home.remove(after: run.prepared.services.storage)
    }

    @Test func aStoppedReadingBringsTheConfiguredScreensBackAtOnceAndSaysSo() async throws {
        let run = try await showingFirstCollections()
        defer { run.end() }
        let shown = run.screens.router
        var stopped = run.prepared
        stopped.warnings.append("Stopped reading openapi.json — going on with the built-in catalog")
        run.screens.describe(stopped, stopped: true)
        #expect(run.screens.router !== shown)
        #expect(run.screens.shownCatalog == run.prepared.catalog)
        await eventually(run.screens) { run.terminal.contains("Stopped reading openapi.json") }
        #expect(run.terminal.contains("Stopped reading openapi.json"), "\(run.terminal.text)")
        await run.home.remove(after: run.prepared.services.storage)
    }
}
