import TerminalUI

@testable import Modules

extension RecordDetailState {
    /// As the presenter does before a draw: says the screen's rect
    /// (`.resized`), then takes the lines shown in it.
    mutating func layout(width: Int, height: Int) -> [[JSONLines.Span]] {
        _ = apply(.resized(Rect(row: 0, col: 0, height: height, width: width)))
        return shownLines
    }
}
