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
}
