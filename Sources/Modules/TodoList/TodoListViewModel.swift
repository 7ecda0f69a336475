/// What the todo list view draws; rows are produced on demand so that a frame
/// costs only the visible rows, however long the list.
public struct TodoListViewModel {
    public var rowCount: Int
    public var row: (Int) -> TodoEntity
    public var cursor: Int
    public var scrollOffset: Int
    public var tableHeight: Int
    public var sortColumn: TodoColumn
    public var sortDescending: Bool
    public var filterText: String
    public var isEditingFilter: Bool
    /// The inline error line ("… (r to retry)"), if the last load failed.
    public var error: String?
    public var isLoading: Bool
    /// Nothing loaded yet (the view shows "Loading todos…" rather than a blank).
    public var isEmpty: Bool
}
