import Services
import TerminalUI
import Testing

@testable import Modules

/// The list's layout comes from the state and the rect it is given
/// (`.resized`), before any draw: table height, scroll offset, first row
/// on screen and scroll indicator column.
@Suite struct ResourceListLayoutTests {
    /// 100 todos, all loaded, in a rect whose table has `tableRows` rows.
    private func list(tableRows: Int, at row: Int = 1) -> ResourceListState {
        var state = ResourceListState.loaded(todoRecords(100), total: 100)
        _ = state.apply(.resized(Rect(row: row, col: 0, height: tableRows + 1, width: 80)))
        return state
    }

    @Test func theTableIsTheRectLessItsHeaderFilterLineAndFooter() {
        let state = list(tableRows: 10, at: 1)
        #expect(state.layout == ListLayout(tableTop: 0, tableHeight: 10, scrollOffset: 0, firstRow: 2))
        var scoped = ResourceListState.loaded(todoRecords(100), total: 100, filters: [ListQuery.Filter("userId", "1")])
        _ = scoped.apply(.resized(Rect(row: 1, col: 0, height: 11, width: 80)))
        #expect(scoped.layout == ListLayout(tableTop: 1, tableHeight: 9, scrollOffset: 0, firstRow: 3))
    }

    @MainActor @Test func theCursorNearTheBottomScrollsWithoutADraw() {
        var state = list(tableRows: 10)
        _ = state.apply(.moveCursor(to: 9))
        #expect(state.scrollOffset == 0)
        _ = state.apply(.moveCursor(to: 10))
        #expect(state.scrollOffset == 1)
        _ = state.apply(.moveCursor(to: 15))
        #expect(state.scrollOffset == 6)
        // Back up within the screen: the offset stays.
        _ = state.apply(.moveCursor(to: 8))
        #expect(state.scrollOffset == 6)
        let model = state.viewModel(in: state.area ?? Rect(row: 0, col: 0, height: 0, width: 0))
        #expect(model.scrollOffset == 6)
        #expect(model.tableHeight == 10)
    }

    @Test func aSmallerRectKeepsTheCursorVisible() {
        var state = list(tableRows: 30)
        _ = state.apply(.moveCursor(to: 25))
        #expect(state.scrollOffset == 0)
        _ = state.apply(.resized(Rect(row: 1, col: 0, height: 11, width: 80)))
        #expect(state.tableHeight == 10)
        #expect(state.scrollOffset == 16)
        #expect((state.scrollOffset..<state.scrollOffset + state.tableHeight).contains(state.cursor))
    }

    @Test func aPageIsTheTableHeight() {
        var short = list(tableRows: 10)
        short.press(.pageDown)
        #expect(short.cursor == 10)
        var tall = list(tableRows: 25)
        tall.press(.pageDown)
        #expect(tall.cursor == 25)
        tall.press(.pageUp)
        #expect(tall.cursor == 0)
    }

    @Test func aClickSelectsTheRowUnderItOnceScrolled() {
        var state = list(tableRows: 10, at: 3)
        _ = state.apply(.moveCursor(to: 15))
        // Rows 6…15 are on screen, the first at terminal row 3 + 1.
        state.press(.mouse(MouseEvent(kind: .click, row: 4 + 2, col: 10)))
        #expect(state.cursor == 8)
        state.press(.mouse(MouseEvent(kind: .click, row: 3, col: 10)))
        #expect(state.cursor == 8)
    }
}
