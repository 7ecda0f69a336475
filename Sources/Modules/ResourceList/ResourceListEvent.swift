import Services
import TerminalUI

/// Everything that can happen to a resource list: what the user asks for
/// (from keys, the mouse, the screen's lifecycle and layout) and what async
/// work answered. `ResourceListState.apply(_:)` turns each into a new state
/// and the effects to run.
enum ResourceListEvent: Equatable, Sendable {
    // MARK: - Lifecycle and layout
    /// The screen appeared: watch the first page, unless already watching.
    case start
    /// The screen left the stack: stop loading and searching (writes go on).
    case stop
    /// The list now has this part of the terminal (the presenter says when
    /// it changes): the table's height, rows and scroll indicator follow
    /// from it (`ResourceListState.layout`).
    case resized(Rect)

    // MARK: - Intents
    /// A movement key (or the wheel) put the cursor on row `to`.
    case moveCursor(to: Int)
    /// A click on terminal row `row`.
    case click(row: Int)
    /// `100000G`, `:goto`, a click on the scroll indicator: the cursor to row `to` (0-based).
    case jump(to: Int)
    /// `50%`: the cursor that far down the list.
    case jumpPercent(Int)
    /// A digit typed before `G`, `g` or `%`.
    case countDigit(Int)
    /// `G` on a list that pages only forward: load page after page to the end.
    case walkToEnd
    /// Esc while typing: stop typing, clear the filter.
    case cancelFilter
    /// The filter text is now this.
    case setFilter(String)
    case toggle
    case reload
    /// Esc while loading: stop, keep what is shown; `received` bytes had come.
    case stopLoading(received: Int)
    /// The list made again from a late description takes the one it replaces'.
    case adopt(ListCarry)
    /// Sort by the next column, ascending.
    case sortNext
    /// Reverse the sort of the current column.
    case sortReverse
    /// Open the new-record form; a created record shows as `placeholderID`
    /// until the server names it (the id is made outside, so the state stays pure).
    case new(placeholderID: String)
    /// Open the edit form of the record under the cursor.
    case edit
    /// Ask whether to delete the record under the cursor.
    case delete
    /// `y` at the delete question.
    case confirmDelete
    /// `n` or Esc at the delete question.
    case keepRecord
    /// A key while the production question (`type yes`) is open.
    case confirmKey(Key)

    /// `:columns hide NAME`, a column key: the columns arranged anew.
    case arrangeColumns(ColumnChange)
    /// A column key on the sorted column (`Action.hideColumn` …);
    /// `drawnWidth`: the cells it is drawn at now, which `]` and `[`
    /// widen and narrow; `pickKey`: the key that picks a column, for the
    /// line said when none is picked.
    case columnKey(Action, drawnWidth: Int?, pickKey: String)
    /// The status line's message was handed to the router.
    case clearMessage
    /// `:view NAME`: a saved view's columns, sort, filter and watch; `nil`: the default view.
    case applyView(SavedListView?)

    // MARK: - Results
    /// The watched first page changed (data, error or loading).
    case firstPageUpdated(FirstPageUpdate)
    /// Page `number` came.
    case morePageArrived(Int, ListPage)
    /// Page `number` of a windowed list came.
    case windowPageArrived(Int, ListPage)
    /// The methods the service says the records take (`nil`: it said nothing).
    case writesAnswered(Set<String>?)
    /// The watch interval is over: time to fetch again.
    case watchTimerFired
    /// The watch fetch finished (its answer comes through `.firstPageUpdated`).
    case watchFetchFinished

    // MARK: - The children's events
    // A child's event that needs only the child's state travels as it is
    // (`.watch(.set(…))` for `:watch 5`, `.writes(.answered(…))` for a
    // write's answer, `.pages(.stopWalk)` for Esc while walking); one that
    // needs what only the list knows is built by the list from one of its
    // own events (`.watchTimerFired` → `.watch(.timerFired(observing:))`).
    // Each child is reduced through its `Scope` (`ResourceListState+Scopes`).

    /// An event of the window over the collection (`.moreFailed`,
    /// `.windowPageFailed`: a page did not come; `.stopWalk`: Esc while walking).
    case pages(ListPages.Event)
    /// An event of the filter and sort (`.beginEditing`, `.finishEditing`,
    /// `.searchPaused`: the pause after the last keystroke is over).
    case filterSort(ListFilterSort.Event)
    /// An event of `:watch` (`.set`: `:watch 5`, `nil` for `:watch off`).
    case watch(ListWatch.Event)
    /// An event of the writes and their guard (`.setAccess`: the run's write
    /// access as the screen shows again; `.answered`: the server answered a write).
    case writes(ListWrites.Event)
    /// A key while the new/edit form is open.
    case form(ListForm.Event)
    /// What a child's effect asks of the list itself, reduced at once in
    /// the same `apply` (never sent from outside).
    case step(ListStep)
}

extension ResourceListEvent {
    /// The keys that act on the sorted column.
    static let columnActions: Set<Action> = [
        .hideColumn, .showColumns, .moveColumnLeft, .moveColumnRight, .narrowColumn, .widenColumn,
    ]

    /// Whether typed digits (`100` of `100G`) survive this event: only
    /// another digit, and what did not come from a key.
    var keepsCount: Bool {
        switch self {
        case .countDigit, .resized, .firstPageUpdated, .morePageArrived, .windowPageArrived, .watchTimerFired,
            .watchFetchFinished, .start, .stop, .step:
            return true
        case .pages(.moreFailed), .pages(.windowPageFailed), .filterSort(.searchPaused), .writes(.answered),
            .writes(.setAccess):
            return true
        default:
            return false
        }
    }

    /// Whether this is the result of work the list started (an answer, a
    /// timer), not a key, a resize or the screen's return: a result never
    /// gives the window a new budget of requests (``WindowPlan``).
    var isResult: Bool {
        switch self {
        case .firstPageUpdated, .morePageArrived, .windowPageArrived, .watchTimerFired, .watchFetchFinished, .step,
            .writesAnswered:
            return true
        case .pages(.moreFailed), .pages(.windowPageFailed), .filterSort(.searchPaused), .writes(.answered):
            return true
        default:
            return false
        }
    }
}
