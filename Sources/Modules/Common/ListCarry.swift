import Services

/// What a list screen keeps when it is made again from a description that
/// came after the user's first keys (a late OpenAPI document, the
/// convention's catalog): the filter typed, the sort, the record under
/// the cursor, a Space pressed before the list knew its toggle, and the
/// status line's message (a write may have answered already). The new
/// list asks the server for the sort when its service sorts.
public struct ListCarry: Sendable, Equatable {
    /// The collection listed (its name in the catalog).
    public var resource: String
    /// The list's filters (`userId=3`).
    public var filters: [ListQuery.Filter]
    /// The filter line's text.
    public var filterText: String
    /// The sorted column's field, and the direction.
    public var sortField: String?
    public var sortDescending: Bool
    /// The id of the record under the cursor.
    public var cursorID: String?
    /// The record Space was pressed on while the list knew no toggle (made
    /// before the service was described, from its records alone): the list
    /// made from the description toggles it once its rows come, if its
    /// resource has a toggle and the cursor is still on that record.
    public var toggleID: String?
    /// The status line's message (a write's answer: "Todo 1 marked done"),
    /// kept until the new list says something of its own.
    public var message: StatusMessage?

    public init(
        resource: String, filters: [ListQuery.Filter] = [], filterText: String = "", sortField: String? = nil,
        sortDescending: Bool = false, cursorID: String? = nil, toggleID: String? = nil, message: StatusMessage? = nil
    ) {
        self.resource = resource
        self.filters = filters
        self.filterText = filterText
        self.sortField = sortField
        self.sortDescending = sortDescending
        self.cursorID = cursorID
        self.toggleID = toggleID
        self.message = message
    }
}
