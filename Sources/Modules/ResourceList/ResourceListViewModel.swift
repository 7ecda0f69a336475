import Services
import TerminalUI

/// What the list view draws; rows are produced on demand so that a frame
/// costs only the visible rows, however long the list.
public struct ResourceListViewModel {
    /// The paging footer of a list still loading in from the server.
    public struct Paging: Equatable {
        public var loaded: Int
        public var total: Int?
        public var isLoading: Bool
        public var error: String?
    }

    /// A dialog over the table.
    public enum Overlay {
        case form(Form)
        case confirm(Dialog)
    }

    public var resource: ResourceDescriptor
    public var rowCount: Int
    /// The record of a row, or `nil` for a placeholder (its page not here yet).
    public var row: (Int) -> RecordEntity?
    public var cursor: Int
    public var scrollOffset: Int
    /// Where each part goes: filter line, error lines, table, scroll
    /// indicator, paging footer (the state's `layout(in:)`).
    var layout: ListLayout
    /// The table's body rows.
    public var tableHeight: Int { layout.tableHeight }
    public var sortColumn: Int?
    public var sortDescending: Bool
    /// What the list is limited to (`userId = 3`), empty for the whole collection.
    public var scope: String
    public var filterText: String
    public var isEditingFilter: Bool
    /// The search the server ran, as the request spelt it (`q=lantern`,
    /// `search=Volume 37`), if the filter went to the server.
    public var serverSearch: String?
    /// A server search is about to run or running.
    public var searchPending: Bool
    /// The inline error line ("… (r to retry)"), if the last load failed.
    public var error: String?
    public var isLoading: Bool
    /// Nothing loaded yet (the view shows "Loading …" rather than a blank).
    public var isEmpty: Bool
    public var paging: Paging?
    public var overlay: Overlay?
    /// While `:watch` is on: the ids of the rows changed since they were
    /// last visited (a `•` column is drawn); `nil` when not watching.
    public var changed: Set<String>? = nil
    /// Esc stopped the load: an empty list is not known to be empty.
    public var isStopped = false
}
