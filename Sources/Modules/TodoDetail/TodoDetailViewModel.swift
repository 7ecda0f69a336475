import TerminalUI

/// What the todo detail view draws.
struct TodoDetailViewModel {
    var title: String
    var lines: [[JSONLines.Span]]
    var scroll: Int
    var error: String?
}
