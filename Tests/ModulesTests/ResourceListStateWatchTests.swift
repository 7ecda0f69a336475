import Foundation
import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// `:watch 5` on a list, as transitions of the list's state: the timer and
/// the conditional fetch are effects; a fetch is never started while one is
/// in flight; changed rows are marked until the cursor visits them.
@MainActor
@Suite("Resource list state: watch")
struct ResourceListStateWatchTests {
    static let fiveSeconds = Duration.seconds(5)

    /// The fixture todos with todo `id` retitled.
    static func retitled(_ id: Int, _ title: String) -> [JSONValue] {
        Fixtures.todoRecords.map { record in
            guard record["id"] == .int(id), case .object(var fields) = record else { return record }
            fields["title"] = .string(title)
            return .object(fields)
        }
    }

    @Test func watchingSchedulesAConditionalFetchAndTheNextOnlyWhenItFinished() {
        var state = ResourceListState.loaded()
        #expect(state.apply(.watch(.set(Self.fiveSeconds))) == [.scheduleWatch(after: Self.fiveSeconds)])
        #expect(state.status.watch == "watch 5s")
        #expect(state.apply(.watchTimerFired) == [.revalidate(state.expectedQuery(page: 1))])
        // A second tick while the fetch is in flight starts nothing: never two fetches of one URL.
        #expect(state.apply(.watchTimerFired).isEmpty)
        #expect(state.apply(.watch(.set(.seconds(2)))).isEmpty)
        #expect(state.apply(.watchFetchFinished) == [.scheduleWatch(after: .seconds(2))])
        #expect(state.apply(.watch(.set(nil))) == [.cancelWatch])
        #expect(state.status.watch == nil)
        #expect(state.apply(.watchTimerFired).isEmpty)
    }

    @Test func leavingTheScreenStopsTheTimerAndShowingItAgainResumesIt() {
        var state = ResourceListState.loaded()
        _ = state.apply(.watch(.set(Self.fiveSeconds)))
        _ = state.apply(.watchTimerFired)
        #expect(state.apply(.stop) == [.cancelLoading, .cancelSearch, .cancelWatch])
        #expect(state.apply(.watchTimerFired).isEmpty)
        #expect(
            state.apply(.start) == [
                .observe(state.expectedQuery(page: 1), force: false), .scheduleWatch(after: Self.fiveSeconds),
            ])
        #expect(state.status.watch == "watch 5s")
    }

    @Test func aListNotWatchedHasNoMarkerColumnAndMarksNothing() {
        var state = ResourceListState.loaded()
        _ = state.apply(.firstPage(Self.retitled(2, "changed"), total: 5))
        #expect(state.changedIDs.isEmpty)
        #expect(state.viewModel(height: 12, width: 70).changed == nil)
        #expect(!state.screen().contains("•"))
    }

    @Test func aChangedRowIsMarkedUntilTheCursorVisitsIt() {
        var state = ResourceListState.loaded()
        _ = state.apply(.watch(.set(Self.fiveSeconds)))
        _ = state.apply(.watchTimerFired)
        _ = state.apply(.firstPage(Self.retitled(3, "changed by another client"), total: 5, fetchedAt: testNow + 5))
        _ = state.apply(.watchFetchFinished)
        #expect(state.changedIDs == ["3"])
        let screen = state.screen()
        let row = screen.text.components(separatedBy: "\n").first { $0.contains("changed by another client") } ?? ""
        #expect(row.trimmingCharacters(in: .whitespaces).hasPrefix("•"), "\(row)")
        #expect(screen.text.components(separatedBy: "\n").filter { $0.contains("•") }.count == 1, "one row")
        _ = state.apply(.moveCursor(to: 1))
        #expect(state.changedIDs == ["3"])
        _ = state.apply(.moveCursor(to: 2))
        #expect(state.changedIDs.isEmpty)
    }

    @Test func a304KeepsTheRowsAndOnlyDatesThem() {
        var state = ResourceListState.loaded()
        _ = state.apply(.watch(.set(Self.fiveSeconds)))
        _ = state.apply(.moveCursor(to: 3))
        let before = state.records
        _ = state.apply(.watchTimerFired)
        _ = state.apply(
            .firstPage(Fixtures.todoRecords, total: 5, fetchedAt: testNow + 5, origin: .revalidated))
        #expect(state.records == before)
        #expect(state.cursor == 3)
        #expect(state.fetchedAt == testNow + 5)
        #expect(state.changedIDs.isEmpty)
    }

    @Test func curlRepeatsTheListsFirstPageQuery() {
        let state = ResourceListState.loaded(filters: [ListQuery.Filter("userId", "1")])
        #expect(state.shownQuery == state.expectedQuery(page: 1))
        #expect(state.shownQuery.filters == [ListQuery.Filter("userId", "1")])
    }
}
