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
    /// The search line at the foot (`/lantern  3 of 17`), while a search is typed or active.
    var searchLine: String? = nil
    /// Marks the search's matches in the lines on screen (given with the
    /// first one's index); `nil` without a search.
    var highlight: ((ArraySlice<[JSONLines.Span]>, Int) -> [[JSONLines.Span]])? = nil
}
