import JSON
import Services

/// Work a transition of `RecordDetailState` asks for; the presenter runs it
/// and sends the results back as `RecordDetailEvent`s.
enum RecordDetailEffect: Equatable, Sendable {
    /// Fetch the record from the server, cancelling a fetch in flight;
    /// the answer comes back as `recordArrived` or `recordFailed`.
    case loadRecord
    /// Count the children relations of this record: one `countArrived`
    /// per count, then `countingFinished`.
    case countRelations(RecordEntity)
    /// Name the records these parent relations of `record` point at:
    /// one `labelArrived` per label, as each comes.
    case nameRelations([ResourceDescriptor.Relation], of: RecordEntity)
    /// Cancel the fetch, the counting and the naming in flight.
    case cancelWork
    /// Open the screen `relation` leads to from `record`.
    case follow(ResourceDescriptor.Relation, from: RecordEntity)
    /// Put this text on the clipboard and say so.
    case copy(String, description: String)
    /// Ask the app for a frame (async results change what shows).
    case redraw
    /// Send these changed fields of the object (`PATCH`); the answer
    /// comes back as `saveConfirmed` or `saveRefused`.
    case save(JSONObject)
    /// The user typed `yes` to a production write: no screen asks again this run.
    case allowWrites
    /// Send `watchTimerFired` after this long, replacing any earlier schedule.
    case scheduleWatch(after: Duration)
    /// Forget the watch timer.
    case cancelWatch
}
