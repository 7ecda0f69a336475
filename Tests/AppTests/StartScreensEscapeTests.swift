import Foundation
import TerminalUI
import TestSupport
import Testing

@testable import App

/// Esc stops the service document's reading while the user waits on it;
/// once the user is at work in the screens, Esc is theirs — a search is
/// cleared, not the reading stopped (a slow document used to take the Esc).
@MainActor
@Suite("Start screens: whose Esc it is")
struct StartScreensEscapeTests {
    @MainActor
    private final class Stops {
        var count = 0
    }

    private func screens(in home: TemporaryHome) async throws -> (
        StartScreens, Stops, DocumentReading, AppRoot.Prepared
    ) {
        let prepared = try await SampleStart.prepare(in: home)
        let terminal = InMemoryTerminal(size: Size(rows: 24, cols: 120))
        let router = AppRoot.makeRouter(prepared, terminal: terminal)
        let screens = StartScreens(router: router, first: prepared, terminal: terminal)
        router.startHeld()
        router.releaseFrames()
        let reading = DocumentReading()
        reading.tell(.progress("Reading openapi.json · 26.6 MB · 1,200 of 10,000 paths — Esc stops"))
        let stops = Stops()
        screens.reading = reading
        screens.stopReading = { stops.count += 1 }
        return (screens, stops, reading, prepared)
    }

    @Test func escBeforeAnyOtherKeyStopsTheReading() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        let (screens, stops, reading, prepared) = try await screens(in: home)
        defer { screens.stopAll() }
        #expect(reading.isActive)
        #expect(screens.handle(.escape))
        #expect(stops.count == 1)
        await home.remove(after: prepared.services.storage)
    }

    @Test func escAfterTheUserTypedASearchIsTheScreensNotTheReadings() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        let (screens, stops, reading, prepared) = try await screens(in: home)
        defer { screens.stopAll() }
        #expect(screens.handle(.char("/")))
        #expect(screens.handle(.char("x")))
        #expect(screens.handle(.escape))
        #expect(stops.count == 0, "the reading took the Esc meant for the search")
        #expect(reading.isActive)
        await home.remove(after: prepared.services.storage)
    }
}
