import Foundation
import Modules
import Services
import TerminalUI
import TestSupport
import Testing

@testable import App

/// The whole app in process: the real composition root over the fake
/// environment and the shipped sample data, drawn on an `InMemoryTerminal`.
@MainActor
@Suite("App router over the fake environment")
struct AppRouterTests {
    let terminal = InMemoryTerminal(size: Size(rows: 24, cols: 100))
    let router: AppRouter

    init() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-app-\(UUID().uuidString)")
        let options = LaunchOptions(
            delay: 0, dataFile: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json").path)
        let prepared = try await AppRoot.prepare(options: options, environment: ["HOME": home.path])
        router = AppRoot.makeRouter(prepared, terminal: terminal)
        router.start()
    }

    private func waitFor(_ text: String) async {
        while !terminal.contains(text) { await router.nextFrame() }
    }

    @Test func theFirstScreenListsTodosWithChrome() async {
        await waitFor("200")
        #expect(terminal.line(0).contains("Trestle"))
        #expect(terminal.line(0).contains("todos"))
        #expect(terminal.line(23).contains("FAKE"))
        #expect(terminal.line(23).contains("sample-data"))
        #expect(terminal.contains("Title"))
    }

    @Test func enterOpensTheDetailAndEscReturnsToTheSameRow() async {
        await waitFor("200")
        _ = router.handle(.char("j"))
        _ = router.handle(.char("j"))
        _ = router.handle(.enter)
        await waitFor("\"completed\"")
        #expect(terminal.line(0).contains("todos › 3"))
        _ = router.handle(.escape)
        router.draw()
        #expect(!terminal.line(0).contains("›"))
        let top = router.top as? TodoListPresenter
        #expect(top?.currentTodo?.id == 3)
    }

    @Test func questionMarkShowsTheKeysOfTheCurrentScreen() async {
        await waitFor("200")
        _ = router.handle(.char("?"))
        router.draw()
        #expect(terminal.contains("toggle completed"))
        #expect(terminal.contains("Ctrl-C"))
        _ = router.handle(.escape)
        router.draw()
        #expect(!terminal.contains("toggle completed"))
    }

    @Test func qQuitsOnlyFromTheFirstScreen() async {
        await waitFor("200")
        _ = router.handle(.enter)
        #expect(router.handle(.char("q")) == true)
        #expect(router.handle(.char("q")) == false)
    }

    @Test func ctrlCQuitsFromAnywhere() async {
        await waitFor("200")
        _ = router.handle(.enter)
        #expect(router.handle(.ctrl("c")) == false)
    }

    @Test func aSmallTerminalShowsWhatFitsAndATinyOneSaysSo() async {
        await waitFor("200")
        terminal.resize(to: Size(rows: 5, cols: 20))
        _ = router.handle(.resize)
        #expect(terminal.line(0).contains("Trestle"))
        #expect(terminal.line(4).contains("FAKE"))
        terminal.resize(to: Size(rows: 3, cols: 20))
        _ = router.handle(.resize)
        #expect(terminal.text.contains("terminal too small"))
        #expect(terminal.text.contains("20x3, need 16x4"))
        terminal.resize(to: Size(rows: 1, cols: 1))
        _ = router.handle(.resize)
        terminal.resize(to: Size(rows: 24, cols: 100))
        _ = router.handle(.resize)
        #expect(terminal.contains("Title"))
    }

    @Test func yCopiesTheRecordWithOSC52() async {
        await waitFor("200")
        _ = router.handle(.enter)
        await waitFor("\"completed\"")
        _ = router.handle(.char("y"))
        #expect(terminal.rawSequences.last?.contains("]52;c;") == true)
    }
}
