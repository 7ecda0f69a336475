import TerminalUI

/// What a terminal below the minimum size shows instead of the frame.
@MainActor
enum TooSmallView {
    static func draw(on terminal: any Terminal, in rect: Rect, minimum: Size, theme: Theme) {
        TooSmall(minimum: minimum).draw(on: terminal, in: rect, theme: theme)
    }
}
