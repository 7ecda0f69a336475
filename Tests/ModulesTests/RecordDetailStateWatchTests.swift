import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// `:watch 5` on a record: fetched again every interval (never while a
/// fetch is in flight, without counting the relations again), and the
/// fields that changed are marked with `•`.
@MainActor
@Suite("Record detail state: watch")
struct RecordDetailStateWatchTests {
    static let todos = ResourceCatalog.jsonPlaceholder.descriptor(for: "todos")
    static let todo4 = RecordEntity(["userId": 2, "id": 4, "title": "call the bank", "completed": false], of: todos)
    static let done4 = RecordEntity(["userId": 2, "id": 4, "title": "call the bank", "completed": true], of: todos)

    private func loaded() -> RecordDetailState {
        var state = RecordDetailState(id: "4", record: nil, resource: Self.todos, breadcrumbPrefix: nil)
        _ = state.apply(.appeared)
        _ = state.apply(.recordArrived(Self.todo4))
        _ = state.apply(.countingFinished)
        return state
    }

    @Test func aWatchFetchMarksTheChangedFieldAndSchedulesTheNext() {
        var state = loaded()
        #expect(state.apply(.setWatch(.seconds(5))) == [.scheduleWatch(after: .seconds(5))])
        #expect(state.status.watch == "watch 5s")
        #expect(state.apply(.watchTimerFired) == [.loadRecord])
        // The timer again while the fetch is in flight: no second fetch.
        #expect(state.apply(.watchTimerFired) == [.scheduleWatch(after: .seconds(5))])
        #expect(state.apply(.recordArrived(Self.done4)) == [.redraw, .scheduleWatch(after: .seconds(5))])
        #expect(state.changedFields == ["completed"])
        let terminal = InMemoryTerminal(size: Size(rows: 20, cols: 80))
        let lines = state.layout(width: 80, height: 20)
        RecordDetailView.draw(
            state.viewModel(lines: lines), on: terminal, in: Rect(size: Size(rows: 20, cols: 80)),
            theme: .builtinDefault, tick: 0)
        let marked = terminal.text.components(separatedBy: "\n").filter { $0.contains("•") }
        #expect(marked.count == 1)
        #expect(marked.first?.contains("\"completed\": true") == true, "\(marked)")
        #expect(state.apply(.setWatch(nil)) == [.cancelWatch])
        #expect(state.changedFields.isEmpty)
    }

    @Test func leavingStopsTheTimerAndShowingAgainResumesIt() {
        var state = loaded()
        _ = state.apply(.setWatch(.seconds(3)))
        #expect(state.apply(.disappeared) == [.cancelWork, .cancelWatch])
        #expect(state.apply(.appeared) == [.loadRecord, .scheduleWatch(after: .seconds(3))])
    }
}
