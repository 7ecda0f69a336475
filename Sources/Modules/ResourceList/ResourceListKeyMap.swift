import TerminalUI
import Translations

/// What a key means to a resource list in its current state.
enum ResourceListKeyOutcome: Equatable {
    /// A change to the list's state.
    case event(ResourceListEvent)
    /// Open the new-record form (the presenter makes the placeholder id).
    case newRecord
    /// Open this record's detail.
    case open(RecordEntity)
    /// Open the frequency table of the sorted column's field.
    case frequency(String)
    /// Put `text` (a record as JSON) on the clipboard; `description` says what it is.
    case copy(String, description: String)
    /// Esc while loading: stop the load (the presenter adds how much had come).
    case stopLoading
    /// A column key (`Action.hideColumn` …): the presenter adds the width
    /// the sorted column is drawn at.
    case columnKey(Action)
    /// Taken, and nothing to do.
    case handled
    /// Not the list's key: the router gives it its global meaning.
    case unhandled
}

/// Turns keys into list events: the dialog open over the table takes every
/// key first, then the filter prompt, then movement, the mouse and the
/// bound actions (`context.bindings`).
enum ResourceListKeyMap {
    /// - Parameter received: bytes the answers in flight have brought (Esc
    ///   stops a load whose progress shows).
    static func outcome(
        for key: Key, in state: ResourceListState, bindings: KeyBindings, received: Int = 0
    ) -> ResourceListKeyOutcome {
        switch state.mode {
        case .form:
            return .event(.form(.key(key)))
        case .confirmDelete:
            switch key {
            case .char("y"), .char("Y"): return .event(.confirmDelete)
            case .char("n"), .char("N"), .escape, .char("q"): return .event(.keepRecord)
            default: return .handled
            }
        case .confirmWrite:
            return .event(.confirmKey(key))
        case .browsing:
            break
        }
        if state.isEditingFilter, let outcome = filterOutcome(for: key, filter: state.filterText) { return outcome }
        if let jump = jumpOutcome(for: key, in: state, bindings: bindings) { return jump }
        if let moved = ListNavigation.move(
            cursor: state.cursor, count: state.rowCount, page: state.tableHeight, key: key, bindings: bindings)
        {
            return .event(.moveCursor(to: moved))
        }
        if case .mouse(let event) = key, event.kind == .click { return .event(.click(row: event.row)) }
        // Esc stops a walk to the end, then a load (a browser's Stop); then it clears the filter, then goes back.
        if key == .escape, state.isWalking { return .event(.pages(.stopWalk)) }
        if key == .escape, state.escapeStopsLoading(received: received) { return .stopLoading }
        if key == .escape, !state.filterText.isEmpty { return .event(.setFilter("")) }
        switch bindings.action(for: key) {
        case .open?:
            guard let record = state.current, record.hasID else { return .handled }
            return .open(record)
        case .copy?:
            guard let record = state.current else { return .handled }
            return .copy(
                record.jsonText,
                description: Texts.List.copyDescription(resource: state.resource.singular, id: record.id))
        case .filter?: return .event(.filterSort(.beginEditing))
        case .toggle?: return .event(.toggle)
        case .reload?: return .event(.reload)
        case .sortNext?: return .event(.sortNext)
        case .sortReverse?: return .event(.sortReverse)
        case .new?: return .newRecord
        case .frequency?:
            guard let field = state.sortedField else { return .handled }
            return .frequency(field)
        case .edit?: return .event(.edit)
        case .delete?: return .event(.delete)
        case let action? where ResourceListEvent.columnActions.contains(action): return .columnKey(action)
        default: return .unhandled
        }
    }

    /// Jumps: digits then `G`/`g` (row N, as in less and vi) or `%` (N percent
    /// down); `G` on a list that pages only forward (a walk to the end); a
    /// click on the scroll indicator.
    private static func jumpOutcome(
        for key: Key, in state: ResourceListState, bindings: KeyBindings
    ) -> ResourceListKeyOutcome? {
        if case .char(let character) = key, character.isASCII, let digit = character.wholeNumberValue,
            digit > 0 || state.pendingCount != nil
        {
            return .event(.countDigit(digit))
        }
        let action = bindings.action(for: key)
        if let count = state.pendingCount {
            if key == .char("%") { return .event(.jumpPercent(count)) }
            if action == .bottom || action == .top { return .event(.jump(to: count - 1)) }
        }
        if action == .bottom, state.walksToEnd || state.pages.jumpsToEnd { return .event(.walkToEnd) }
        if case .mouse(let event) = key, event.kind == .click, let column = state.scrollbarColumn,
            event.col == column, event.row >= state.firstRowOnScreen,
            event.row < state.firstRowOnScreen + state.tableHeight
        {
            let span = max(1, state.tableHeight - 1)
            let row = (state.rowCount - 1) * (event.row - state.firstRowOnScreen) / span
            return .event(.jump(to: row))
        }
        return nil
    }

    /// A key at the filter prompt; `nil` for keys the prompt leaves to the
    /// list (arrows still move the cursor while typing).
    private static func filterOutcome(for key: Key, filter: String) -> ResourceListKeyOutcome? {
        switch key {
        case .escape: return .event(.cancelFilter)
        case .enter: return .event(.filterSort(.finishEditing))
        case .backspace: return filter.isEmpty ? .handled : .event(.setFilter(String(filter.dropLast())))
        case .char(let character): return .event(.setFilter(filter + String(character)))
        case .ctrl("u"): return .event(.setFilter(""))
        default: return nil
        }
    }
}
