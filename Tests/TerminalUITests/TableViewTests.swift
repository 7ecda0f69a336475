import TerminalUI
import TestSupport
import Testing

@MainActor @Suite struct TableViewTests {
    let theme = Theme.builtinDefault
    let columns = [
        TableColumn("id", width: .fixed(4), minWidth: 2, alignment: .right),
        TableColumn("title", width: .flexible(), minWidth: 5),
        TableColumn("done", width: .fixed(4), minWidth: 4, role: .doneMark),
    ]

    @Test func requestsOnlyTheVisibleRows() {
        let t = InMemoryTerminal(size: Size(rows: 10, cols: 40))
        var requested: [Int] = []
        let table = TableView(columns: columns, rowCount: 1_000_000, cursor: 500_000) { index in
            requested.append(index)
            return ["\(index)", "row \(index)", "✓"]
        }
        let offset = table.draw(on: t, in: Rect(size: t.size), theme: theme)
        #expect(requested.count == 9)
        #expect(requested.contains(500_000))
        #expect(offset == 500_000 - 8)
        #expect(t.contains("row 500000"))
    }

    @Test func headerShowsSortMarkerOnSortedColumn() {
        let t = InMemoryTerminal(size: Size(rows: 3, cols: 30))
        let table = TableView(columns: columns, rowCount: 0, sort: .init(column: 1, ascending: false)) { _ in [] }
        table.draw(on: t, in: Rect(size: t.size), theme: theme)
        #expect(t.line(0).contains("title ▼"))
        #expect(!t.line(0).contains("▲"))
    }

    @Test func columnsStayAlignedWithCJKTitlesAndCells() {
        let t = InMemoryTerminal(size: Size(rows: 5, cols: 31))
        let cjk = [
            TableColumn("番号", width: .fixed(4), minWidth: 2, alignment: .right),
            TableColumn("タイトル", width: .flexible(), minWidth: 5),
            TableColumn("状態", width: .fixed(5)),
        ]
        let data = [["1", "日本語のタイトルがとても長い場合", "完了"], ["22", "ascii title", "no"], ["3", "🙂 emoji ok", "済"]]
        let table = TableView(columns: cjk, rowCount: data.count) { data[$0] }
        table.draw(on: t, in: Rect(size: t.size), theme: theme)
        let widths = ColumnLayout.widths(for: cjk, available: 31)
        let lastColumnStart = widths[0] + 1 + widths[1] + 1
        for row in 0..<4 {
            let line = t.line(row)
            #expect(TextWidth.of(line) == 31, "row \(row): \(line)")
            // The cell where the last column starts is never the right half of a wide char.
            #expect(t.cell(atRow: row, col: lastColumnStart)?.isContinuation == false)
            #expect(t.cell(atRow: row, col: lastColumnStart - 1)?.text == " ", "row \(row): gap before last column")
        }
        #expect(t.line(1).hasSuffix("完了 "))
    }

    @Test func cursorRowIsStyledAcrossFullWidth() {
        let t = InMemoryTerminal(size: Size(rows: 4, cols: 20))
        let table = TableView(columns: columns, rowCount: 3, cursor: 1) { ["\($0)", "t", "✓"] }
        table.draw(on: t, in: Rect(size: t.size), theme: theme)
        let cursor = theme.style(.cursorRow)
        for col in 0..<20 { #expect(t.style(atRow: 2, col: col) == cursor) }
        #expect(t.style(atRow: 1, col: 0) != cursor)
    }

    @Test func cellRoleOverridesApplyOutsideTheCursorRow() {
        let t = InMemoryTerminal(size: Size(rows: 3, cols: 20))
        let table = TableView(
            columns: columns, rowCount: 2, cursor: 0,
            cellRole: { _, column in column == 1 ? .error : nil }
        ) { ["\($0)", "t", "✓"] }
        table.draw(on: t, in: Rect(size: t.size), theme: theme)
        let widths = ColumnLayout.widths(for: columns, available: 20)
        let titleCol = widths[0] + 1
        let doneCol = titleCol + widths[1] + 1
        #expect(t.style(atRow: 2, col: titleCol)?.foreground == theme.style(.error).foreground)
        #expect(t.style(atRow: 2, col: doneCol)?.foreground == theme.style(.doneMark).foreground)
    }

    @Test func scrollOffsetKeepsCursorVisibleAndMovesMinimally() {
        #expect(TableView.scrollOffset(cursor: 0, previous: 0, visibleRows: 10, count: 100) == 0)
        #expect(TableView.scrollOffset(cursor: 10, previous: 0, visibleRows: 10, count: 100) == 1)
        #expect(TableView.scrollOffset(cursor: 5, previous: 3, visibleRows: 10, count: 100) == 3)
        #expect(TableView.scrollOffset(cursor: 2, previous: 3, visibleRows: 10, count: 100) == 2)
        #expect(TableView.scrollOffset(cursor: 99, previous: 95, visibleRows: 10, count: 100) == 90)
        #expect(TableView.scrollOffset(cursor: 3, previous: 50, visibleRows: 10, count: 5) == 0)
        #expect(TableView.scrollOffset(cursor: 3, previous: 2, visibleRows: 0, count: 5) == 0)
        #expect(TableView.scrollOffset(cursor: 0, previous: 0, visibleRows: 5, count: 0) == 0)
    }

    @Test func columnLayoutDropsAndShrinksOnNarrowTerminals() {
        #expect(ColumnLayout.widths(for: columns, available: 40) == [4, 30, 4])
        let narrow = ColumnLayout.widths(for: columns, available: 10)
        #expect(narrow.allSatisfy { $0 >= 0 })
        #expect(narrow.filter { $0 > 0 }.count + narrow.reduce(0, +) - 1 <= 10)
        #expect(ColumnLayout.widths(for: columns, available: 3) == [3, 0, 0])
        #expect(ColumnLayout.widths(for: columns, available: 0) == [0, 0, 0])
        #expect(ColumnLayout.widths(for: [], available: 10) == [])
    }

    @Test func lowPriorityColumnsAreDroppedFirst() {
        let cols = [
            TableColumn("a", width: .fixed(5), minWidth: 5, priority: 2),
            TableColumn("b", width: .fixed(5), minWidth: 5, priority: 0),
            TableColumn("c", width: .fixed(5), minWidth: 5, priority: 1),
        ]
        #expect(ColumnLayout.widths(for: cols, available: 11) == [5, 0, 5])
    }
}
