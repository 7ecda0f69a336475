import TerminalUI

/// What the detail view draws.
struct RecordDetailViewModel {
    /// One jump target: `todos (20)`, `author → 1`.
    struct Jump: Equatable {
        var title: String
        var isSelected: Bool
    }

    var title: String
    var jumps: [Jump]
    var lines: [[JSONLines.Span]]
    var scroll: Int
    var error: String?
    var isLoading: Bool
}
