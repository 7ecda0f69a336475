import Services

/// The list made again from a description that came after the user's keys
/// keeps the filter, sort and cursor of the one it replaces (``ListCarry``).
extension ResourceListState {
    /// What this list keeps when it is made again.
    var carried: ListCarry {
        ListCarry(
            resource: resource.name, filters: filters, filterText: filterText,
            sortField: sortColumn.map { resource.columns[$0].field }, sortDescending: sortDescending,
            cursorID: current?.id)
    }

    /// Takes `carried`: its filter text, its sort (asked of the server when it
    /// sorts: the list starts over), and the cursor on its record once the rows come.
    mutating func adopt(_ carried: ListCarry) -> [ResourceListEffect] {
        adoptedCursor = carried.cursorID
        var effects: [ResourceListEffect] = []
        // (Taken before the first page: nothing is loaded yet, so the server is asked when it can.)
        if !carried.filterText.isEmpty {
            effects += filterSort(.setText(carried.filterText, listComplete: false))
        }
        if let field = carried.sortField, let column = resource.columns.firstIndex(where: { $0.field == field }),
            column != sortColumn || carried.sortDescending != sortDescending
        {
            effects += filterSort(
                .sort(column: column, field: field, descending: carried.sortDescending, listComplete: false))
        }
        return effects
    }
}
