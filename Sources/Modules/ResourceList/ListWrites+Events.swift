import JSON
import Services

/// What can happen to the list's writes, and what they ask of the list.
extension ListWrites {
    enum Event: Equatable, Sendable {
        /// The run's write access as the screen shows (again): a production
        /// write confirmed on another screen is not asked for here.
        case setAccess(WriteAccess)
        /// Space, n, e or d; `wouldWrite`: it would lead to a write here
        /// (else it is not worth a question).
        case intent(WriteIntent, wouldWrite: Bool)
        /// The user typed `yes` to the production question held for `intent`.
        case confirmed(WriteIntent)
        /// `fields` written to `original` (shown at once); `toggled`: a toggle's new value.
        case update(original: RecordEntity, fields: JSONObject, toggled: Bool?)
        /// A new record of `fields`, shown as `placeholderID` until the server names it.
        case create(placeholderID: String, fields: JSONObject)
        /// `record` deleted (gone at once); `position`: where it stood in the loaded rows.
        case delete(RecordEntity, position: Int?)
        /// The server answered a write (it comes inside the list's event as
        /// it is: `ResourceListEvent.writes(.answered(…))`).
        case answered(Answer)
    }

    /// The server's answer to a write the list sent.
    enum Answer: Equatable, Sendable {
        /// The server took the write to `id` and answered `saved`;
        /// `noticeForgets`: say (once per run) that it does not keep writes.
        case updateConfirmed(id: String, saved: RecordEntity, noticeForgets: Bool)
        case updateRefused(id: String, ServiceError)
        case createConfirmed(placeholderID: String, saved: RecordEntity, noticeForgets: Bool)
        case createRefused(placeholderID: String, ServiceError)
        case deleteConfirmed(id: String, noticeForgets: Bool)
        case deleteRefused(id: String, ServiceError)
    }

    enum Effect: Equatable, Sendable {
        /// The intent goes on: the toggle, the form, the delete question.
        case perform(WriteIntent)
        /// A read-only run: say why nothing is sent (`source` made it read-only).
        case refuse(source: String)
        /// Ask for `yes` before `intent` (the production question).
        case ask(WriteIntent)
        /// The user typed `yes`: no screen asks again this run.
        case allowWrites
        /// Send the update, the new record, the delete.
        case sendUpdate(id: String, fields: JSONObject)
        case sendCreate(placeholderID: String, fields: JSONObject)
        case sendDelete(id: String)
        /// The update to `id` was kept: show `saved`, say so (`toggled`: a
        /// toggle's value; `notice`: add that the server forgets writes).
        case saved(id: String, RecordEntity, toggled: Bool?, notice: Bool)
        /// The update was refused: `original` again, and why.
        case notSaved(id: String, original: RecordEntity, ServiceError)
        /// The new record was kept: the placeholder becomes `saved`.
        case created(placeholderID: String, saved: RecordEntity, notice: Bool)
        /// The new record was refused: the placeholder goes, and why.
        case notCreated(placeholderID: String, ServiceError)
        /// The delete was kept.
        case deleted(id: String, notice: Bool)
        /// The delete was refused: `record` back at `position`, and why.
        case notDeleted(id: String, RecordEntity, position: Int?, ServiceError)
    }
}
