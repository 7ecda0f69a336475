import Foundation
import JSON
import Services
import TerminalUI
import Testing

@testable import Modules

/// Every screen's reducer driven without a terminal: a sequence of events,
/// then the state and the effects asked.
@Suite("Screen reducers")
@MainActor
struct ScreenReducerTests {
    static func request(_ id: Int, body: String = "[]") -> RequestEntity {
        RequestEntity(
            id: id, startedAt: Date(timeIntervalSince1970: 3_723), method: "GET", target: "/todos?_page=\(id)",
            status: 200, answer: .fake, milliseconds: 5, bytes: body.utf8.count, body: Data(body.utf8))
    }

    /// A body of `rows` rows below a title line and a column header row.
    static func rect(rows: Int, cols: Int = 80) -> Rect { Rect(row: 1, col: 0, height: rows + 2, width: cols) }

    @Test func helpScrollsAsItIsTold() {
        let sections = [HelpSection("Keys", [("j", "down"), ("k", "up")])]
        var state = HelpState(sections: sections, under: "todos")
        #expect(state.lineCount > 0)
        #expect(state.apply(.scroll(to: 1)).isEmpty)
        #expect(state.scroll == 1)
    }

    @Test func curlBuildsOnceCancelsWhenLeftAndShowsTheCommand() {
        let shown = ShownRequest(resource: ResourceDescriptor(name: "todos", columns: []), request: .record(id: "1"))
        var state = CurlState(shown: shown)
        #expect(state.apply(.appeared) == [.build(shown)])
        #expect(state.apply(.appeared).isEmpty, "one build at a time")
        #expect(state.apply(.disappeared) == [.cancelBuild])
        #expect(state.apply(.appeared) == [.build(shown)], "built again when shown again")
        #expect(state.apply(.built("curl http://x/todos/1")).isEmpty)
        #expect(state.content == .command("curl http://x/todos/1"))
        #expect(state.apply(.appeared).isEmpty, "a built command is not built again")
        var failed = CurlState(shown: shown)
        _ = failed.apply(.appeared)
        _ = failed.apply(.failed("offline"))
        #expect(failed.content == .failed("offline"))
    }

    @Test func frequencyMovesScrollsAndSaysTheEmptyValueIsNoFilter() {
        let records = (0..<30).map { JSONValue.object(JSONObject([("userId", .int($0))])) } + [["title": "x"]]
        let source = ExportSource(resource: ResourceDescriptor(name: "todos", columns: []), records: records)
        var state = FrequencyState(source: source, field: "userId")
        #expect(state.scroll.page == 10, "ten rows a page before the first layout")
        _ = state.apply(.resized(Self.rect(rows: 5)))
        #expect(state.scroll.page == 5)
        _ = state.apply(.move(to: 12))
        #expect(state.cursor == 12)
        #expect(state.scroll.offset == 8, "the cursor's row is the last shown")
        _ = state.apply(.move(to: 99))
        #expect(state.cursor == 30)
        let empty = state.rows.firstIndex { $0.filterValue == nil } ?? -1
        _ = state.apply(.move(to: empty))
        _ = state.apply(.openedEmptyValue)
        #expect(state.message?.severity == .warning)
        _ = state.apply(.keyPressed)
        #expect(state.message == nil)
    }

    @Test func inspectorWatchesTheJournalWhileShownAndKeepsTheCursorOnItsRequest() {
        var state = InspectorScreenState(requests: [Self.request(2), Self.request(1)])
        #expect(state.apply(.appeared) == [.watchJournal])
        #expect(state.apply(.appeared).isEmpty, "one watch at a time")
        #expect(state.apply(.table(.resized(Self.rect(rows: 3)))).isEmpty)
        _ = state.apply(.table(.move(to: 1)))
        _ = state.apply(.table(.update((1...6).reversed().map { Self.request($0) })))
        #expect(state.table.current?.id == 1)
        #expect(state.table.cursor == 5)
        #expect(state.table.scroll.offset == 3)
        #expect(state.apply(.disappeared) == [.stopWatching])
        #expect(state.apply(.appeared) == [.watchJournal])
    }

    @Test func historyReadsWhenShownAndSaysWhatCannotBeReplayed() {
        var state = HistoryState()
        #expect(state.apply(.appeared) == [.read])
        #expect(state.isLoading)
        #expect(state.apply(.appeared).isEmpty, "one read at a time")
        _ = state.apply(.arrived([Self.request(3), Self.request(2)]))
        #expect(!state.isLoading)
        #expect(state.table.requests.count == 2)
        #expect(state.table.scope == .kept)
        _ = state.apply(.table(.move(to: 1)))
        #expect(state.table.current?.id == 2)
        _ = state.apply(.notReplayable)
        #expect(state.message?.severity == .warning)
        _ = state.apply(.keyPressed)
        #expect(state.message == nil)
        _ = state.apply(.appeared)
        #expect(state.apply(.disappeared) == [.cancelRead])
        #expect(!state.isLoading)
    }

    @Test func oneRequestFoldsAtTheWidthAndScrollsNoFurtherThanItsLines() {
        let body = "[" + (1...40).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]"
        var state = RequestDetailState(request: Self.request(1, body: body))
        _ = state.apply(.resized(Rect(row: 1, col: 0, height: 11, width: 60)))
        #expect(state.height == 10)
        #expect(state.drawnCount >= state.lines.count)
        _ = state.apply(.scroll(to: 10_000))
        #expect(state.scroll == state.drawnCount - state.height)
        _ = state.apply(.resized(Rect(row: 1, col: 0, height: 2000, width: 60)))
        #expect(state.scroll == 0, "a taller screen shows everything from the top")
    }

    @Test func operationsMoveAndRefuseAWriteOfAReadOnlyRun() {
        let entries = [ServiceOperation(method: "GET", path: "/stats"), ServiceOperation(method: "POST", path: "/x")]
            .map { OperationsModule.Entry(operation: $0, values: [:]) }
        var state = OperationsState(subject: .service, entries: entries)
        _ = state.apply(.resized(Self.rect(rows: 1)))
        _ = state.apply(.move(to: 1))
        #expect(state.current?.operation.method == "POST")
        #expect(state.scroll.offset == 1)
        _ = state.apply(.writeRefused(source: "--read-only"))
        #expect(state.message?.severity == .warning)
        _ = state.apply(.keyPressed)
        #expect(state.message == nil)
    }

    @Test func anOperationAsksBeforeAProductionWriteThenSendsAndShowsTheAnswer() {
        let operation = ServiceOperation(method: "POST", path: "/stats")
        var state = OperationFormState(operation: operation, values: [:])
        #expect(state.apply(.key(.enter, writeAccess: .confirmFirst)).isEmpty)
        guard case .confirming = state.mode else {
            Issue.record("no question before a production write")
            return
        }
        for character in "yes" { _ = state.apply(.key(.char(character), writeAccess: .confirmFirst)) }
        let effects = state.apply(.key(.enter, writeAccess: .confirmFirst))
        #expect(effects.first == .allowWrites)
        #expect(effects.contains(.remember([:], method: "POST", path: "/stats")))
        guard case .perform(let request)? = effects.last else {
            Issue.record("nothing sent: \(effects)")
            return
        }
        #expect(request.method == "POST")
        #expect(state.isSending)
        _ = state.apply(.answered(Self.request(1)))
        #expect(state.mode == .answered)
        _ = state.apply(.answer(.resized(Rect(row: 1, col: 0, height: 10, width: 60))))
        #expect(state.answer?.height == 9)
        _ = state.apply(.closeAnswer)
        #expect(state.mode == .editing)
        #expect(state.answer == nil)
        #expect(state.apply(.key(.escape, writeAccess: .open)) == [.close])
    }

    @Test func anOperationOfAReadOnlyRunIsRefusedAndAFailureIsSaid() {
        var state = OperationFormState(operation: ServiceOperation(method: "DELETE", path: "/x"), values: [:])
        #expect(state.apply(.key(.enter, writeAccess: .readOnly(source: "--read-only"))).isEmpty)
        #expect(state.form.error != nil)
        #expect(state.mode == .editing)
        var read = OperationFormState(operation: ServiceOperation(method: "GET", path: "/stats"), values: [:])
        guard case .perform? = read.apply(.key(.enter, writeAccess: .readOnly(source: "--read-only"))).last else {
            Issue.record("a read is sent in a read-only run")
            return
        }
        #expect(read.apply(.disappeared) == [.cancelPerform])
        #expect(read.mode == .editing)
        _ = read.apply(.failed("offline"))
        #expect(read.form.error == "offline")
    }

    @Test func theStartScreenCountsWhatIsInViewAFewAtATimeAndMoreAsItScrolls() {
        let resources = (0..<100).map { ResourceDescriptor(name: "c\($0)", columns: [.init("id")]) }
        var state = ResourcesState(catalog: ResourceCatalog(resources, source: "catalog"))
        let shown = state.apply(.appeared)
        #expect(shown.first == .cancelCounts)
        #expect(shown.contains(.discover))
        #expect(shown.filter { if case .count = $0 { true } else { false } }.count == ResourcesState.maxInFlight)
        #expect(state.counting.count == ResourcesState.maxInFlight)
        // Each answer makes room for the next.
        let next = state.apply(.counted("c0", .success(3)))
        #expect(next == [.count(resources[6])])
        #expect(state.counts["c0"] == .success(3))
        // Laid out: ten rows shown; the cursor to the end moves the rows in view, and those are counted.
        _ = state.apply(.resized(Rect(row: 1, col: 0, height: 12, width: 80)))
        #expect(state.firstRowOnScreen == 3)
        while let name = state.counting.min() {
            _ = state.apply(.counted(name, .failure(ServiceError(.offline, "x"))))
        }
        #expect(state.asked == Set((0..<30).map { "c\($0)" }), "the rows in view and twenty below")
        let moved = state.apply(.move(to: 99))
        #expect(state.scrollOffset == 90)
        #expect(moved == (70..<76).map { .count(resources[$0]) })
        // A click picks the row clicked.
        _ = state.apply(.click(row: 3))
        #expect(state.cursor == 90)
        #expect(state.apply(.discovered([])).isEmpty)
        #expect(state.hasDiscovered)
        #expect(state.apply(.disappeared) == [.cancelCounts, .cancelDiscovery])
        #expect(state.apply(.appeared).contains(.discover) == false, "the look had its answer")
    }

    @Test func aScopeReducesTheChildAndLeavesTheParentsOwnEvents() {
        var state = HistoryState()
        let scope = HistoryState.tableScope
        #expect(scope.reduce(&state, .keyPressed) == nil)
        #expect(scope.reduce(&state, .table(.update([Self.request(1)]))) == [])
        #expect(state.table.requests.count == 1)
        if case .table(.move(let row)) = scope.embed(.move(to: 4)) {
            #expect(row == 4)
        } else {
            Issue.record("embed did not wrap the child's event")
        }
    }
}
