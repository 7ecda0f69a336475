import JSON
import Services
import TerminalUI

/// What happens to the record detail: an intent of the user or a result
/// of async work. `RecordDetailState.apply(_:)` turns each into a new
/// state and the effects to run.
enum RecordDetailEvent: Equatable, Sendable {
    /// The screen shows (first time, or again after the screen above it closed).
    case appeared
    /// The screen left the stack.
    case disappeared
    /// The part of the terminal the screen has (sent when it changes): a
    /// page's height and the lines' fold follow it.
    case resized(Rect)
    /// Scroll to this line (a movement key or the wheel).
    case scroll(to: Int)
    case selectNextRelation
    case selectPreviousRelation
    /// Select the relation at this index and follow it (digits 1 … 9).
    case follow(relation: Int)
    case followSelected
    case reload
    /// Esc while the record loads: stop, keep what is shown; `received` bytes had come.
    case stopLoading(received: Int)
    case copy
    case recordArrived(RecordEntity)
    case recordFailed(ServiceError)
    /// One children relation counted (relations that failed to count send nothing).
    case countArrived(relation: String, count: Int)
    /// Every relation counted (not sent when counting was cancelled).
    case countingFinished
    /// The record a parent relation points at is named: the relation
    /// line shows `label` while the record's foreign key still holds `id`
    /// (a label that fails to come sends nothing: the id stays).
    case labelArrived(relation: String, id: String, label: String)
    /// `e` on an object resource: open its edit form.
    case edit
    /// A key while the edit form is open.
    case formKey(Key)
    /// The server took the edit and answered with the object as it is now.
    case saveConfirmed(RecordEntity)
    case saveRefused(ServiceError)
    /// A key while the production question (`type yes`) is open.
    case confirmKey(Key)
    /// The run's write access as the screen shows (again).
    case setWriteAccess(WriteAccess)
    /// `:watch 5`: fetch the record again every interval; `nil` stops.
    case setWatch(Duration?)
    /// The watch interval is over.
    case watchTimerFired
    /// `/`: open the search line.
    case startSearch
    /// A key while the search line is open (Enter searches, Esc closes it).
    case searchKey(Key)
    /// `n` / `N` while a search is active: the next or the previous match.
    case stepSearch(forward: Bool)
    /// Esc while a search is active: the search ends.
    case endSearch
    /// `z`: fold or unfold the node under the cursor (the top line).
    case fold
    /// `Z`: unfold every node when one is folded, else fold them all.
    case foldAll
    /// Show more of each long string value (`m`).
    case showMore
    /// `:jq EXPR` ran: show what it selected; `nil` (`:jq`, Esc) shows the whole record again.
    case narrowed(RecordQuery?)
}
