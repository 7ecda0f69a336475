import Foundation
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// The start screen counts again each time it shows, even while its first
/// look at what else the service holds (`/db`) has no answer yet.
@MainActor
@Suite("Start screen counts")
struct ResourcesPresenterTests {
    private func presenter(_ api: StubAPIService, _ redraws: RedrawRecorder) throws -> ResourcesPresenter {
        let context = ScreenContext(setNeedsDisplay: { redraws.record() })
        let catalog = ResourceCatalog([.todos], source: "catalog")
        let navigator = ResourceNavigator(api: api, catalog: catalog, context: context)
        return try #require(
            ResourcesModule.build(catalog: catalog, api: api, navigator: navigator, context: context)
                as? ResourcesPresenter)
    }

    /// A start screen over three todos that counted them while `/db`
    /// (naming the object `profile`) is held.
    private func countedWhileDiscoveryWaits() async throws -> (StubAPIService, RedrawRecorder, ResourcesPresenter) {
        let api = StubAPIService(todos: Fixtures.manyTodos(3))
        await api.setDiscoveredResources([DiscoveredResource(name: "profile", isObject: true)])
        await api.holdDiscoveryUntilReleased()
        let redraws = RedrawRecorder()
        let presenter = try presenter(api, redraws)
        presenter.start()
        #expect(await redraws.wait { (try? presenter.counts["todos"]?.get()) == 3 })
        return (api, redraws, presenter)
    }

    @Test func showingAgainCountsAgainWhileDiscoveryIsStillWaiting() async throws {
        let api = StubAPIService(todos: Fixtures.manyTodos(3))
        await api.holdDiscoveryUntilReleased()
        let redraws = RedrawRecorder()
        let presenter = try presenter(api, redraws)
        presenter.start()
        #expect(await redraws.wait { (try? presenter.counts["todos"]?.get()) == 3 })
        #expect(presenter.status.isLoading)  // `/db` is still being asked

        // A todo created on the list above; the start screen shows again.
        await api.setCollection("todos", Fixtures.manyTodos(4).map(\.json))
        presenter.start()
        #expect(await redraws.wait { (try? presenter.counts["todos"]?.get()) == 4 })

        await api.releaseDiscovery()
        #expect(await redraws.wait { !presenter.status.isLoading })
        #expect(await api.discoveryCalls == 1)  // showing again did not ask `/db` again
        presenter.stop()
    }

    /// The start screen is ready once `/db` answered: its object rows are
    /// known, so screens swapped in when ready show every row at once.
    @Test func itIsReadyOnlyOnceWhatElseTheServiceHoldsIsKnown() async throws {
        let (api, redraws, presenter) = try await countedWhileDiscoveryWaits()
        #expect(!presenter.isReady)
        await api.releaseDiscovery()
        #expect(await redraws.wait { presenter.isReady })
        #expect(presenter.discovered.map(\.name) == ["profile"])
        presenter.stop()
    }

    /// Leaving the start screen before `/db` answered cuts that look off;
    /// showing it again asks again, so what the service holds still shows.
    @Test func aLookCutOffByLeavingIsAskedAgainOnReturn() async throws {
        let (api, redraws, presenter) = try await countedWhileDiscoveryWaits()
        presenter.stop()  // a list opened before `/db` answered
        presenter.start()
        await api.releaseDiscovery()
        #expect(await redraws.wait { presenter.discovered.map(\.name) == ["profile"] })
        #expect(await api.discoveryCalls == 2)
        presenter.stop()
    }
}
