import JSON
import Services

/// A transition of the list itself that one of its children's effects asks
/// for: the rows, the cursor and the status line are the list's, so a child
/// says what should happen to them and the list does it, at once, in the
/// same `apply` (its `Scope` turns the child's effect into
/// `ResourceListEvent.step`). Never sent from outside the state.
enum ListStep: Equatable, Sendable {
    // MARK: - The status line
    /// The status line says `message` (`nil`: nothing).
    case say(StatusMessage?)

    // MARK: - Filter and sort (``ListFilterSort``)
    /// The filter runs again over the loaded rows; `narrowing`: only over
    /// the rows shown now (the text grew). The cursor stays on its record.
    case filter(narrowing: Bool)
    /// A server that cannot search: the loaded rows are searched here.
    case searchHere
    /// The query changed: the list starts over from its first page, the cursor at the top.
    case startOver
    /// The loaded rows sorted by `field`, the cursor on its record.
    case sortLoaded(field: String, descending: Bool)

    // MARK: - The pages (``ListPages``)
    /// Ask for the next page when the cursor is near the end.
    case loadMoreIfNeeded
    /// Ask for the window's pages under the screen.
    case showWindow
    /// The window's total is now `total`: the cursor stays within it.
    case cursorWithin(total: Int)
    /// Only the first page's rows stay loaded (the rest is the window's).
    case keepFirstPage
    /// The cursor on the last row.
    case cursorToEnd

    // MARK: - The writes (``ListWrites``) and the form (``ListForm``)
    /// The guard let the intent through: the toggle, the form, the delete question.
    case perform(WriteIntent)
    /// The production question for `intent`.
    case ask(WriteIntent)
    /// `record` in place of the row with its id (or added); the cursor stays
    /// on `keeping` (`nil`: the record it is on).
    case replace(RecordEntity, keeping: String?)
    /// The row with `id` goes.
    case remove(id: String)
    /// `record` back at `position` (an undone delete).
    case restore(RecordEntity, at: Int?)
    /// The form closes.
    case closeForm
    /// `fields` written to `record` (shown at once, sent through the writes).
    case write(RecordEntity, fields: JSONObject, toggled: Bool?)
    /// A new record of `fields`, shown as `placeholderID` (sent through the writes).
    case create(JSONObject, placeholderID: String)
}

extension ResourceListEvent {
    /// The step that says `text` on the status line.
    static func say(_ text: String, _ severity: StatusMessage.Severity = .info) -> Self {
        .step(.say(StatusMessage(text, severity)))
    }
}
