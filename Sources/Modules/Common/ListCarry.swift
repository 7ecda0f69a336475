import Services

/// What a list screen keeps when it is made again from a description that
/// came after the user's first keys (a late OpenAPI document, the
/// convention's catalog): the filter typed, the sort, the record under
/// the cursor, and a Space pressed before the list knew its toggle. The new
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

    public init(
        resource: String, filters: [ListQuery.Filter] = [], filterText: String = "", sortField: String? = nil,
        sortDescending: Bool = false, cursorID: String? = nil, toggleID: String? = nil
    ) {
        self.resource = resource
        self.filters = filters
        self.filterText = filterText
        self.sortField = sortField
        self.sortDescending = sortDescending
        self.cursorID = cursorID
        self.toggleID = toggleID
    }
}
