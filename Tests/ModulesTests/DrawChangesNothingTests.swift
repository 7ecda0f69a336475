import Foundation
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// Drawing a screen is a function of its state and rect: it changes no
/// state and starts no work. The layout reaches the state before the frame
/// (`resize(to:)`, as the router sends it).
@MainActor
@Suite("Drawing changes nothing")
struct DrawChangesNothingTests {
    private func draw(_ screen: any Screen) {
        let size = Size(rows: 24, cols: 80)
        screen.draw(on: InMemoryTerminal(size: size), in: Rect(size: size), theme: .builtinDefault, tick: 0)
    }

    private func context() -> ScreenContext { ScreenContext(setNeedsDisplay: {}) }

    @Test func theStartScreenAsksNoCountWhenDrawnOnlyWhenLaidOut() throws {
        let api = StubAPIService(todos: Fixtures.manyTodos(3))
        let catalog = ResourceCatalog((0..<50).map { ResourceDescriptor(name: "c\($0)", columns: [.init("id")]) })
        let context = context()
        let navigator = ResourceNavigator(api: api, catalog: catalog, context: context)
        let screen = try #require(
            ResourcesModule.build(catalog: catalog, api: api, navigator: navigator, context: context)
                as? ResourcesPresenter)
        draw(screen)
        #expect(!screen.status.isLoading, "a draw asked for counts")
        screen.resize(to: Rect(size: Size(rows: 24, cols: 80)))
        #expect(screen.status.isLoading, "the rows laid out are counted")
        screen.stop()
    }

    @Test func aListIsLaidOutByResizeNotByDraw() throws {
        let api = StubAPIService(todos: Fixtures.manyTodos(3))
        let catalog = ResourceCatalog([.todos])
        let context = context()
        let navigator = ResourceNavigator(api: api, catalog: catalog, context: context)
        let screen = try #require(
            ResourceListModule.build(resource: .todos, api: api, navigator: navigator, context: context)
                as? ResourceListPresenter)
        draw(screen)
        #expect(screen.state.area == nil, "a draw laid the list out")
        let rect = Rect(size: Size(rows: 24, cols: 80))
        screen.resize(to: rect)
        #expect(screen.state.area == rect)
    }
}
