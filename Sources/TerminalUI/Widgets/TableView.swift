/// A table of rows with a column header, a cursor row and vertical scrolling.
///
/// Rows come from a closure so that only the visible rows are requested:
/// a list of a million rows costs one screenful per frame. Pure drawing;
/// the caller owns the cursor and keeps the scroll offset `draw` returns.
@MainActor
public struct TableView {
    /// Which column shows a sort marker, and in which direction.
    public struct Sort: Sendable, Equatable {
        public var column: Int
        public var ascending: Bool

        public init(column: Int, ascending: Bool) {
            self.column = column
            self.ascending = ascending
        }
    }

    public var columns: [TableColumn]
    public var rowCount: Int
    /// The cell texts of row `index` (one per column; missing cells are blank).
    public var row: (Int) -> [String]
    /// A role for one cell (`row`, `column`), overriding the column's role; nil keeps it.
    public var cellRole: ((Int, Int) -> Role?)?
    public var cursor: Int
    /// The previous frame's first visible row.
    public var scrollOffset: Int
    public var sort: Sort?
    /// Blank cells between columns.
    public var spacing: Int
    /// Whether to draw the column header row.
    public var showsHeader: Bool

    public init(
        columns: [TableColumn], rowCount: Int, cursor: Int = 0, scrollOffset: Int = 0,
        sort: Sort? = nil, spacing: Int = 1, showsHeader: Bool = true,
        cellRole: ((Int, Int) -> Role?)? = nil, row: @escaping (Int) -> [String]
    ) {
        self.columns = columns
        self.rowCount = max(0, rowCount)
        self.row = row
        self.cellRole = cellRole
        self.cursor = cursor
        self.scrollOffset = scrollOffset
        self.sort = sort
        self.spacing = spacing
        self.showsHeader = showsHeader
    }

    /// The first visible row that keeps `cursor` on screen, moving as little
    /// as possible from `previous`, and never leaving blank rows at the bottom
    /// when there are rows to show.
    public nonisolated static func scrollOffset(cursor: Int, previous: Int, visibleRows: Int, count: Int) -> Int {
        guard visibleRows > 0, count > 0 else { return 0 }
        let cursor = min(max(0, cursor), count - 1)
        var offset = min(max(0, previous), max(0, count - visibleRows))
        if cursor < offset { offset = cursor }
        if cursor >= offset + visibleRows { offset = cursor - visibleRows + 1 }
        return offset
    }

    /// The number of body rows that fit in `rect`.
    public func visibleRows(in rect: Rect) -> Int {
        max(0, rect.height - (showsHeader ? 1 : 0))
    }

    /// Draws the table in `rect` and returns the scroll offset it used.
    @discardableResult
    public func draw(on terminal: any Terminal, in rect: Rect, theme: Theme) -> Int {
        guard !rect.isEmpty else { return 0 }
        let widths = ColumnLayout.widths(for: columns, available: rect.width, spacing: spacing)
        var bodyTop = rect.row
        if showsHeader {
            drawHeader(on: terminal, row: rect.row, rect: rect, widths: widths, theme: theme)
            bodyTop += 1
        }
        let visible = visibleRows(in: rect)
        let offset = Self.scrollOffset(
            cursor: cursor, previous: scrollOffset, visibleRows: visible, count: rowCount)
        for line in 0..<visible {
            let index = offset + line
            let y = bodyTop + line
            guard index < rowCount else {
                terminal.fill(row: y, col: rect.col, width: rect.width, style: theme.style(.row))
                continue
            }
            drawRow(index, on: terminal, row: y, rect: rect, widths: widths, theme: theme)
        }
        return offset
    }

    // MARK: - Parts

    private func drawHeader(on terminal: any Terminal, row y: Int, rect: Rect, widths: [Int], theme: Theme) {
        let style = theme.style(.columnHeader)
        terminal.fill(row: y, col: rect.col, width: rect.width, style: style)
        forEachColumn(widths: widths, rect: rect) { index, x, width in
            var title = TextSanitizer.clean(columns[index].title)
            if let sort, sort.column == index {
                let marker = sort.ascending ? "▲" : "▼"
                title =
                    width >= 3
                    ? TextWidth.truncate(title, to: width - 2) + " " + marker
                    : marker
            }
            terminal.write(title, row: y, col: x, width: width, style: style, alignment: columns[index].alignment)
        }
    }

    private func drawRow(
        _ index: Int, on terminal: any Terminal, row y: Int, rect: Rect, widths: [Int], theme: Theme
    ) {
        let isCursor = index == cursor
        let rowStyle = theme.style(isCursor ? .cursorRow : .row)
        terminal.fill(row: y, col: rect.col, width: rect.width, style: rowStyle)
        let values = row(index)
        forEachColumn(widths: widths, rect: rect) { column, x, width in
            let text = column < values.count ? values[column] : ""
            var style = rowStyle
            if !isCursor, let role = cellRole?(index, column) ?? columns[column].role {
                style = theme.style(role).over(rowStyle)
            }
            terminal.write(text, row: y, col: x, width: width, style: style, alignment: columns[column].alignment)
        }
    }

    /// Calls `body` with each shown column's index, left edge and width.
    private func forEachColumn(widths: [Int], rect: Rect, _ body: (Int, Int, Int) -> Void) {
        var x = rect.col
        for (index, width) in widths.enumerated() where width > 0 && index < columns.count {
            let clipped = min(width, rect.col + rect.width - x)
            guard clipped > 0 else { return }
            body(index, x, clipped)
            x += width + max(0, spacing)
        }
    }
}
