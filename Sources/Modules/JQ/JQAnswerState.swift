import JSON
import TerminalUI

/// `:jq EXPR` over a list, as a value: the outputs' lines, folded to the
/// width the router gives the screen, and how far they are scrolled.
struct JQAnswerState: ScreenState {
    enum Event: Equatable, Sendable {
        /// The screen's body is `rect` (the title line at its top).
        case resized(Rect)
        /// The top shown line is now `line` (kept within the lines).
        case scrolled(to: Int)
    }

    /// Nothing to do outside the state: the outputs are all here.
    typealias Effect = Never

    let title: String
    private var lines: RecordLines
    /// The lines folded to the body's width (empty before the first `.resized`).
    private(set) var shown: [[JSONLines.Span]] = []
    /// The outputs as plain text, one JSON line a line (for `v` and `V`).
    var text: String { lines.lines.map { $0.map(\.text).joined() }.joined(separator: "\n") }
    private(set) var area: Rect?
    private(set) var scroll = 0

    init(title: String, outputs: [JSONValue]) {
        self.title = title
        lines = RecordLines(values: outputs)
    }

    /// The rows below the title line: a page for PgDn.
    var pageSize: Int { max(1, (area?.height ?? 2) - 1) }

    mutating func apply(_ event: Event) -> [Never] {
        switch event {
        case .resized(let rect):
            guard rect != area else { return [] }
            area = rect
            shown = lines.shown(width: rect.width)
            scroll = min(scroll, max(0, shown.count - 1))
        case .scrolled(let line):
            scroll = min(max(0, line), max(0, shown.count - 1))
        }
        return []
    }
}
