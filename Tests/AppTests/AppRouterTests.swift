import Foundation
import JSON
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
final class AppRouterTests {
    let terminal = InMemoryTerminal(size: Size(rows: 24, cols: 100))
    let router: AppRouter
    /// The test's home (its cache and exports), removed when the test ends.
    let home: URL
    /// Where `:export` writes relative paths.
    let folder: URL

    init() async throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-app-\(UUID().uuidString)")
        folder = home.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let options = LaunchOptions(
            delay: 0, dataFile: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json").path)
        let prepared = try await AppRoot.prepare(options: options, environment: ["HOME": home.path])
        router = AppRoot.makeRouter(
            prepared, terminal: terminal, writer: LocalFileWriter(workingDirectory: folder.path))
        router.start()
    }

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    /// Waits for frames until `condition` holds; fails the test after `timeout`
    /// instead of hanging (a late redraw request wakes the last wait).
    @discardableResult
    private func waitUntil(
        _ what: String, timeout: Duration = .seconds(120), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        let alarm = Task { @MainActor [router] in
            guard (try? await Task.sleep(until: deadline)) != nil else { return }
            router.setNeedsDisplay()
        }
        defer { alarm.cancel() }
        while !condition() {
            if ContinuousClock.now >= deadline {
                Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
                return false
            }
            await router.nextFrame()
        }
        return true
    }

    @discardableResult
    private func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        await waitUntil("“\(text)” on screen", sourceLocation: sourceLocation) { terminal.contains(text) }
    }

    /// The todos list, loaded (its count is in the status bar).
    private func todosLoaded() async {
        await waitFor("todos 200")
    }

    /// Types a command line with `:` and Enter; returns whether Trestle keeps running.
    @discardableResult
    private func command(_ line: String) -> Bool {
        var running = router.handle(.char(":"))
        for character in line { running = router.handle(.char(character)) && running }
        return router.handle(.enter) && running
    }

    private var crumbs: [String] { router.stack.map(\.breadcrumb).filter { !$0.isEmpty } }

    // MARK: - Launch

    @Test func theLaunchStackIsTheStartScreenWithTodosOnTop() async {
        await todosLoaded()
        #expect(router.stack.count == 2)
        #expect(router.stack[0].status.resource == "resources")
        #expect(router.top.breadcrumb == "todos")
        #expect(terminal.line(0).contains("Trestle"))
        #expect(terminal.line(0).contains("todos"))
        #expect(terminal.line(23).contains("FAKE"))
        #expect(terminal.line(23).contains("sample-data"))
        #expect(terminal.contains("Title"))
    }

    @Test func enterOpensTheDetailAndEscReturnsToTheSameRow() async {
        await todosLoaded()
        _ = router.handle(.char("j"))
        _ = router.handle(.char("j"))
        _ = router.handle(.enter)
        await waitFor("\"completed\"")
        #expect(terminal.line(0).contains("todos › 3 harbor raven"))
        _ = router.handle(.escape)
        router.draw()
        #expect(!terminal.line(0).contains("›"))
        let top = router.top as? ResourceListPresenter
        #expect(top?.current?.id == "3")
    }

    @Test func escFromTodosReachesTheLoadedStartScreen() async {
        await todosLoaded()
        #expect(router.handle(.escape))
        #expect(router.stack.count == 1)
        await waitFor("5000")  // photos, counted when the start screen shows
        #expect(terminal.contains("Resources of this service"))
        #expect(terminal.contains("comments"))
        #expect(terminal.contains("500"))
        #expect(!terminal.line(0).contains("todos"))
        _ = router.handle(.char("j"))
        _ = router.handle(.enter)
        #expect(router.top.breadcrumb == "posts")
        await waitFor(" posts 100 ")
    }

    @Test func questionMarkShowsTheKeysOfTheCurrentScreen() async {
        await todosLoaded()
        _ = router.handle(.char("?"))
        router.draw()
        #expect(terminal.contains("toggle completed"))
        #expect(terminal.contains("Everywhere"))
        _ = router.handle(.char("G"))  // the help scrolls to its last lines
        router.draw()
        #expect(terminal.contains("Ctrl-C"))
        _ = router.handle(.escape)
        router.draw()
        #expect(!terminal.contains("toggle completed"))
    }

    @Test func qGoesBackAboveTheLaunchDepthAndQuitsAtIt() async {
        await todosLoaded()
        _ = router.handle(.enter)
        #expect(router.stack.count == 3)
        #expect(router.handle(.char("q")) == true)
        #expect(router.stack.count == 2)
        #expect(router.handle(.char("q")) == false)
    }

    @Test func qQuitsFromTheStartScreenToo() async {
        await todosLoaded()
        _ = router.handle(.escape)
        #expect(router.handle(.char("q")) == false)
    }

    /// Only the launch list and the start screen quit: a list opened from
    /// the start screen (or with `:posts`) is as deep, but `q` goes back.
    @Test func qOnAListOpenedLaterGoesBackToTheStartScreen() async {
        await todosLoaded()
        _ = router.handle(.escape)
        _ = router.handle(.char("j"))
        _ = router.handle(.enter)
        #expect(router.stack.count == 2)
        #expect(router.top.breadcrumb == "posts")
        #expect(router.handle(.char("q")) == true)
        #expect(router.stack.count == 1)
        #expect(router.run("posts") == true)
        #expect(router.handle(.char("q")) == true)
        #expect(router.stack.count == 1)
        #expect(router.handle(.char("q")) == false)
    }

    @Test func ctrlCQuitsFromAnywhere() async {
        await todosLoaded()
        _ = router.handle(.enter)
        #expect(router.handle(.ctrl("c")) == false)
    }

    @Test func aSmallTerminalShowsWhatFitsAndATinyOneSaysSo() async {
        await todosLoaded()
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
        await todosLoaded()
        _ = router.handle(.enter)
        await waitFor("\"completed\"")
        _ = router.handle(.char("y"))
        #expect(terminal.rawSequences.last?.contains("]52;c;") == true)
        router.draw()
        #expect(terminal.line(23).contains("Sent todo 1 as JSON to the clipboard (OSC 52)"))
    }

    // MARK: - Command line

    @Test func colonOpensThePromptWithCompletions() async {
        await todosLoaded()
        _ = router.handle(.char(":"))
        #expect(router.prompt != nil)
        router.draw()
        #expect(terminal.line(23).hasPrefix(":"))
        #expect(terminal.line(22).contains("Tab completes: todos  posts  comments"))
        for character in "us" { _ = router.handle(.char(character)) }
        _ = router.handle(.tab)
        router.draw()
        #expect(terminal.line(23).hasPrefix(":users "))
        _ = router.handle(.escape)
        #expect(router.prompt == nil)
        router.draw()
        #expect(terminal.line(23).contains("FAKE"))
        #expect(router.stack.count == 2)
    }

    @Test func colonPostsReplacesTheStack() async {
        await todosLoaded()
        _ = router.handle(.enter)  // todos › 1
        #expect(router.stack.count == 3)
        #expect(command("posts"))
        #expect(router.prompt == nil)
        #expect(router.stack.count == 2)
        #expect(router.stack[0].status.resource == "resources")
        #expect(crumbs == ["posts"])
        await waitFor(" posts 100 ")
        #expect(terminal.contains("delta valley mist"))
        #expect(!terminal.line(0).contains("todos"))
    }

    @Test func colonUsers3ShowsTheDetailWithBreadcrumbs() async {
        await todosLoaded()
        #expect(command("users 3"))
        #expect(router.stack.count == 3)
        await waitFor("\"name\": \"Carmen Moreau\"")
        #expect(terminal.line(0).contains("users › 3 Carmen Moreau"))
        #expect(crumbs == ["users", "3 Carmen Moreau"])
        await waitFor("todos (20)")
    }

    @Test func goingBackFromACommandsDetailShowsTheLoadedList() async {
        await todosLoaded()
        command("users 3")
        await waitFor("\"name\": \"Carmen Moreau\"")
        _ = router.handle(.escape)
        #expect(crumbs == ["users"])
        await waitFor(" users 10 ")
        #expect(terminal.contains("Carmen Moreau"))
    }

    @Test func filtersOnTheCommandLineLimitTheList() async {
        await todosLoaded()
        command("todos userId=3")
        await waitFor(" todos 20 ")
        #expect(terminal.contains("where userId = 3"))
        #expect(crumbs == ["todos"])
    }

    @Test func aBadCommandSaysWhyInTheStatusBar() async {
        await todosLoaded()
        #expect(command("usres"))
        router.draw()
        #expect(terminal.line(23).contains("Unknown resource 'usres' — did you mean :users?"))
        #expect(router.stack.count == 2)
    }

    @Test func aFilterWithoutAValueIsNotTakenForAnID() async {
        await todosLoaded()
        #expect(router.run("todos userId") == true)
        #expect(router.message?.text == "'userId' needs a value: filters look like userId=2")
        #expect(router.top.breadcrumb == "todos")
        #expect(router.stack.count == 2)
    }

    @Test func colonQQuits() async {
        await todosLoaded()
        #expect(command("q") == false)
    }

    @Test func colonExportCSVWritesTheListToAFileAndSaysWhere() async throws {
        await todosLoaded()
        command("export csv todos.csv")
        let file = folder.appendingPathComponent("todos.csv")
        let text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "userId,id,title,completed")
        #expect(lines.count == 202)  // header, 200 rows, the final newline
        #expect(lines[1] == "1,1,linen lantern hazel granite,false")
        router.draw()
        let expected = "Exported 200 todos to \(file.standardizedFileURL.path)"
        #expect(router.message?.text == expected)
        #expect(terminal.line(23).contains("Exported 200 todos to"))
    }

    @Test func colonExportJSONWritesOnlyTheFilteredRows() async throws {
        await todosLoaded()
        _ = router.handle(.char("/"))
        for character in "harbor" { _ = router.handle(.char(character)) }
        _ = router.handle(.enter)
        let shown = try #require((router.top as? ResourceListPresenter)?.exportSource.records.count)
        #expect(shown == 11)
        command("export json \(folder.path)/harbor todos.json")
        let data = try Data(contentsOf: folder.appendingPathComponent("harbor todos.json"))
        let records = try #require(try JSONParser.parse(data).arrayValue)
        #expect(records.count == shown)
        #expect(records.allSatisfy { $0["title"]?.stringValue?.contains("harbor") == true })
        #expect(router.message?.text.hasPrefix("Exported \(shown) todos to ") == true)
    }

    @Test func exportWhereThereIsNoListSaysSo() async {
        await todosLoaded()
        _ = router.handle(.enter)
        command("export csv nothing.csv")
        #expect(router.message?.text == "Nothing to export here — open a list first")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nothing.csv").path))
    }

    // MARK: - Breadcrumbs

    @Test func clickingABreadcrumbGoesBackToThatLevel() async throws {
        await todosLoaded()
        command("users 3")
        await waitFor("\"name\": \"Carmen Moreau\"")
        let header = terminal.line(0)
        let start = try #require(header.range(of: "users"))
        let column = header.distance(from: header.startIndex, to: start.lowerBound) + 2
        // The last crumb is where we are: clicking it changes nothing.
        let last = try #require(header.range(of: "Carmen"))
        _ = router.handle(
            .mouse(MouseEvent(kind: .click, row: 0, col: header.distance(from: header.startIndex, to: last.lowerBound)))
        )
        #expect(router.stack.count == 3)
        #expect(router.handle(.mouse(MouseEvent(kind: .click, row: 0, col: column))))
        #expect(router.stack.count == 2)
        #expect(crumbs == ["users"])
        await waitFor(" users 10 ")
        #expect(terminal.contains("Carmen Moreau"))
    }

    @Test func clickingAResourceOnTheStartScreenSelectsIt() async throws {
        await todosLoaded()
        _ = router.handle(.escape)
        router.draw()
        let row = try #require((0..<24).first { terminal.line($0).hasPrefix("comments") })
        #expect(router.handle(.mouse(MouseEvent(kind: .click, row: row, col: 2))))
        _ = router.handle(.enter)
        #expect(crumbs == ["comments"])
    }

    /// The start screen counts again when it shows again: a todo created
    /// on the list above it is in the count.
    @Test func theStartScreenCountsAgainAfterAWrite() async {
        await todosLoaded()
        _ = router.handle(.escape)
        await waitFor("200")
        _ = router.handle(.char("j"))
        _ = router.handle(.char("k"))
        _ = router.handle(.enter)
        await waitFor("todos 200")
        _ = router.handle(.char("n"))
        for character in "one more" { _ = router.handle(.char(character)) }
        _ = router.handle(.tab)
        _ = router.handle(.tab)
        _ = router.handle(.char("1"))
        _ = router.handle(.enter)
        await waitFor("Todo 201 created")
        _ = router.handle(.escape)
        await waitFor("201 user")
        #expect(!terminal.contains("200 user"), "\(terminal.text)")
    }

    @Test func watchCurlAndHistoryWorkOnTheScreenOnTopAndSayWhenThereIsNone() async {
        await todosLoaded()
        #expect(router.run("watch 5") == true)
        #expect(router.message == StatusMessage("Watching todos every 5 s"))
        #expect(router.top.status.watch == "watch 5s")
        router.draw()
        #expect(terminal.line(terminal.size.rows - 1).contains("watch 5s"))
        // The fake environment has no URL to give curl: the dialog says so.
        #expect(router.run("curl") == true)
        #expect(router.top.breadcrumb == "curl")
        await waitFor("The fake environment answers in process")
        _ = router.handle(.escape)
        #expect(router.run("watch off") == true)
        #expect(router.message == StatusMessage("Watch off"))
        #expect(router.top.status.watch == nil)
        #expect(router.run("history") == true)
        #expect(router.top.breadcrumb == "history")
        await waitFor("kept for this service")
        await waitFor("/todos?_page=1&_limit=500")
        #expect(router.run("resources") == true)
        #expect(router.run("watch 5") == true)
        #expect(router.message?.severity == .warning)
        #expect(router.run("curl") == true)
        #expect(router.message?.text.hasPrefix(":curl repeats") == true)
    }
}

/// The status bar's activity: the spinner, the requests in flight and, for
/// answers large enough to take a while, how much has arrived.
@MainActor @Suite struct ChromeActivityTests {
    static func text(_ activity: (inFlight: Int, received: Int)) -> String {
        ChromeView.rightSegments(ScreenStatus(resource: "todos"), activity: activity, tick: 0).map(\.text).joined()
    }

    @Test func aLargeAnswerInFlightShowsHowMuchHasArrived() {
        #expect(Self.text((1, 5_800_000)).contains("1 req · 5.8 MB"))
        #expect(Self.text((2, 12_345_678)).contains("2 req · 12.3 MB"))
    }

    @Test func smallAnswersAndIdleShowNoFigure() {
        #expect(!Self.text((1, 50_000)).contains("MB"))
        #expect(Self.text((0, 0)).isEmpty)
    }
}
