import Foundation
import Services
import TerminalUI
import TestSupport
import Testing

@testable import App

/// A document that leaves the catalog as it was but changes the services
/// (its auth) has the screens made again on the services built for it: the
/// screens drawn would otherwise go on sending the secret the old way.
@MainActor
@Suite("Start screens and a description that changes the services")
struct StartScreensDescriptionTests {
    @Test func theScreensAreMadeAgainOnServicesBuiltForTheDescription() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        let prepared = try await SampleStart.prepare(in: home)
        let terminal = InMemoryTerminal(size: Size(rows: 24, cols: 120))
        let router = AppRoot.makeRouter(prepared, terminal: terminal)
        let screens = StartScreens(router: router, first: prepared, terminal: terminal)
        defer { screens.stopAll() }
        router.startHeld()
        var same = prepared
        same.warnings.append("nothing new")
        screens.describe(same)
        #expect(screens.router === router)
        var described = prepared
        described.services.description = ServiceDescription(credential: .header("X-API-Key"))
        screens.describe(described)
        #expect(screens.router !== router)
        #expect(screens.shownDescription == described.services.description)
        await home.remove(after: prepared.services.storage)
    }
}
