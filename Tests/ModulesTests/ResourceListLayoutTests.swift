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
        #expect(state.layout.table == Rect(row: 1, col: 0, height: 11, width: 80))
        #expect(state.layout.tableHeight == 10 && state.layout.firstRow == 2 && state.layout.filterLine == nil)
        var scoped = ResourceListState.loaded(todoRecords(100), total: 100, filters: [ListQuery.Filter("userId", "1")])
        _ = scoped.apply(.resized(Rect(row: 1, col: 0, height: 11, width: 80)))
        #expect(scoped.layout.filterLine == Rect(row: 1, col: 0, height: 1, width: 80))
        #expect(scoped.layout.table == Rect(row: 2, col: 0, height: 10, width: 80))
        #expect(scoped.layout.tableHeight == 9 && scoped.layout.firstRow == 3)
    }

    /// A scoped list paging in, its last page failed: the filter line, the
    /// error, the table and the footer each drawn on the layout's rows.
    @MainActor @Test func theViewDrawsAtTheLayoutsRects() throws {
        var state = ResourceListState.loaded(
            todoRecords(20), total: 100, resource: .todos(pageSize: 20), filters: [ListQuery.Filter("userId", "1")])
        _ = state.apply(
            .firstPage(
                todoRecords(20), total: 100, resource: .todos(pageSize: 20),
                error: ServiceError(.offline, "Server unreachable")))
        let terminal = state.screen(Size(rows: 12, cols: 70))
        let layout = state.layout
        let filter = try #require(layout.filterLine)
        let error = try #require(layout.errorLines)
        let footer = try #require(layout.footer)
        #expect(terminal.line(filter.row).contains("userId"))
        #expect(terminal.line(error.row).contains("✖ Server unreachable"))
        #expect(terminal.line(layout.table.row).contains("Title"))
        #expect(terminal.line(layout.firstRow).contains("hay 1"))
        #expect(terminal.line(footer.row).contains("20"))
        #expect(footer.row == 11 && layout.table.maxRow == 11)
        // A row is left for the footer only when the table keeps one: at
        // three rows (filter, error, titles) there is no footer, and the
        // draw puts nothing below the titles.
        let small = state.screen(Size(rows: 3, cols: 70))
        #expect(state.layout.footer == nil && state.layout.tableHeight == 0)
        #expect(small.line(2).contains("Title"))
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
