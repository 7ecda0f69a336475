import TerminalUI

/// A `Terminal` that draws into a grid of cells in memory, for tests (a test
/// double: in TestSupport, which no product target declares).
///
/// Behaves like the ncurses terminal: text is sanitised, clipped at the right
/// edge, rows outside the screen are ignored, and a wide character takes its
/// cell plus a continuation cell. A wide character that does not fit in the
/// last column is drawn as a blank instead of half a glyph; overwriting half
/// of a wide character blanks the other half.
@MainActor
public final class InMemoryTerminal: Terminal {
    /// One cell of the grid.
    public struct Cell: Equatable, Sendable {
        /// The grapheme drawn here; empty for the right half of a wide character.
        public var text: String
        public var style: Style
        /// Whether this cell is the right half of the wide character to its left.
        public var isContinuation: Bool

        public static let blank = Cell(text: " ", style: .plain, isContinuation: false)
    }

    public private(set) var size: Size
    /// The grid, row by row.
    public private(set) var cells: [[Cell]]
    /// How many times `flush()` was called.
    public private(set) var flushCount = 0
    /// Every string passed to `sendRaw`, in order.
    public private(set) var rawSequences: [String] = []

    /// A blank terminal of `size`.
    public init(size: Size = Size(rows: 24, cols: 80)) {
        let clamped = Size(rows: max(0, size.rows), cols: max(0, size.cols))
        self.size = clamped
        self.cells = Self.blankGrid(clamped)
    }

    /// Changes the size, keeping what fits of the top-left content.
    public func resize(to newSize: Size) {
        let clamped = Size(rows: max(0, newSize.rows), cols: max(0, newSize.cols))
        var grid = Self.blankGrid(clamped)
        for row in 0..<min(clamped.rows, size.rows) {
            for col in 0..<min(clamped.cols, size.cols) {
                grid[row][col] = cells[row][col]
            }
            // A wide character cut in half by the new right edge becomes blank.
            if clamped.cols > 0, clamped.cols < size.cols,
                cells[row][clamped.cols].isContinuation
            {
                grid[row][clamped.cols - 1] = Cell(
                    text: " ", style: grid[row][clamped.cols - 1].style, isContinuation: false)
            }
        }
        size = clamped
        cells = grid
    }

    // MARK: - Terminal

    public func clear() {
        cells = Self.blankGrid(size)
    }

    public func write(_ text: String, row: Int, col: Int, style: Style) {
        guard row >= 0, row < size.rows else { return }
        var column = col
        for character in TextSanitizer.clean(text) {
            guard column < size.cols else { return }
            let width = TextWidth.of(character)
            if width == 0 {
                appendToPrevious(character, row: row, col: column)
                continue
            }
            if column < 0 {
                if column + width > 0 { put(" ", width: 1, row: row, col: 0, style: style) }
            } else if column + width > size.cols {
                put(" ", width: 1, row: row, col: column, style: style)
            } else {
                put(String(character), width: width, row: row, col: column, style: style)
            }
            column += width
        }
    }

    public func fill(row: Int, col: Int, width: Int, style: Style) {
        guard row >= 0, row < size.rows else { return }
        let start = max(0, col)
        let end = min(size.cols, col + width)
        guard start < end else { return }
        for column in start..<end { put(" ", width: 1, row: row, col: column, style: style) }
    }

    public func flush() { flushCount += 1 }

    public func sendRaw(_ sequence: String) { rawSequences.append(sequence) }

    // MARK: - Reading the screen

    /// Row `row` as text, each wide character once (as `tmux capture-pane -p`
    /// prints it), with trailing blanks kept; "" outside the screen.
    public func line(_ row: Int) -> String {
        guard row >= 0, row < size.rows else { return "" }
        var result = ""
        for cell in cells[row] where !cell.isContinuation { result += cell.text }
        return result
    }

    /// Every row, trailing blanks removed, joined with newlines.
    public var text: String {
        (0..<size.rows).map { row in
            var line = line(row)
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// Whether any row contains `s`.
    public func contains(_ s: String) -> Bool {
        (0..<size.rows).contains { line($0).contains(s) }
    }

    /// The style of the cell at `row`, `col`; nil outside the screen.
    public func style(atRow row: Int, col: Int) -> Style? {
        guard row >= 0, row < size.rows, col >= 0, col < size.cols else { return nil }
        return cells[row][col].style
    }

    /// The cell at `row`, `col`; nil outside the screen.
    public func cell(atRow row: Int, col: Int) -> Cell? {
        guard row >= 0, row < size.rows, col >= 0, col < size.cols else { return nil }
        return cells[row][col]
    }

    // MARK: - Cells

    private static func blankGrid(_ size: Size) -> [[Cell]] {
        Array(repeating: Array(repeating: Cell.blank, count: size.cols), count: size.rows)
    }

    /// Puts a grapheme of `width` (1 or 2) at `col`, blanking any wide
    /// character it cuts in half.
    private func put(_ text: String, width: Int, row: Int, col: Int, style: Style) {
        for column in col..<(col + width) { breakWide(row: row, col: column) }
        cells[row][col] = Cell(text: text, style: style, isContinuation: false)
        if width == 2 {
            cells[row][col + 1] = Cell(text: "", style: style, isContinuation: true)
        }
    }

    /// Blanks the other half of a wide character that has a half at `col`.
    private func breakWide(row: Int, col: Int) {
        let cell = cells[row][col]
        if cell.isContinuation, col > 0 {
            cells[row][col - 1] = Cell(text: " ", style: cells[row][col - 1].style, isContinuation: false)
        } else if col + 1 < size.cols, cells[row][col + 1].isContinuation {
            cells[row][col + 1] = Cell(text: " ", style: cells[row][col + 1].style, isContinuation: false)
        }
    }

    /// Attaches a zero-width grapheme to the cell before `col`.
    private func appendToPrevious(_ character: Character, row: Int, col: Int) {
        var target = col - 1
        guard target >= 0, target < size.cols else { return }
        if cells[row][target].isContinuation, target > 0 { target -= 1 }
        cells[row][target].text.append(character)
    }
}
