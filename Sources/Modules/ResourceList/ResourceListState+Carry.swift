import Services

/// The list made again from a description that came after the user's keys
/// keeps the filter, sort and cursor of the one it replaces (``ListCarry``).
extension ResourceListState {
    /// What this list keeps when it is made again.
    var carried: ListCarry {
        ListCarry(
            resource: resource.name, filters: filters, filterText: filterText,
            sortField: sortColumn.map { resource.columns[$0].field }, sortDescending: sortDescending,
            cursorID: current?.id, toggleID: askedToggle, message: message)
    }

    /// Takes `carried`: its filter text, its sort (asked of the server when it
    /// sorts: the list starts over), the cursor on its record once the rows
    /// come, and the Space pressed before (``toggleAsked()``).
    mutating func adopt(_ carried: ListCarry) -> [ResourceListEffect] {
        adoptedCursor = carried.cursorID
        askedToggle = carried.toggleID
        if message == nil { message = carried.message }
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

    /// Space pressed on the list this one was made again from, before that
    /// list knew its toggle: now that the rows are here, the record is
    /// toggled as Space does (through the production guard) — if this
    /// list's resource has a toggle, or learns its writes from the service,
    /// and the cursor is still on the record.
    mutating func toggleAsked() -> [ResourceListEffect] {
        let learns = resource.learnsWrites && !resource.isWritable && learning == .notAsked
        guard let id = askedToggle, resource.toggle != nil || learns else { return [] }
        askedToggle = nil
        guard current?.id == id else { return [] }
        return guarded(.toggle)
    }
}
