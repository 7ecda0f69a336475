import TerminalUI
import Translations

/// `:history` as a value: the inspector's table (a child `InspectorState`
/// over the requests kept in the cache, reduced through `table`), whether
/// the history is being read, and the status line's message.
struct HistoryState: ScreenState, Equatable, Sendable {
    enum Event: Equatable, Sendable {
        /// The screen shows: the history is read (again: newer requests came meanwhile).
        case appeared
        /// The screen left: a read under way is dropped.
        case disappeared
        /// The history was read.
        case arrived([RequestEntity])
        /// A key came: the last message goes.
        case keyPressed
        /// `R` on a request no screen shows.
        case notReplayable
        /// An event of the table (a key moved the cursor, a new size).
        case table(InspectorState.Event)
    }

    enum Effect: Equatable, Sendable {
        /// Read the history. Result: `.arrived`.
        case read
        /// Drop the read under way.
        case cancelRead
    }

    private(set) var table = InspectorState(requests: [], scope: .kept)
    private(set) var isLoading = false
    private(set) var message: StatusMessage?

    /// How the table is held: its events in `.table`, and it asks for no work.
    static var tableScope: Scope<Self, InspectorState> {
        Scope(state: \.table, embed: Event.table) { if case .table(let event) = $0 { event } else { nil } }
    }

    mutating func apply(_ event: Event) -> [Effect] {
        if let effects = Self.tableScope.reduce(&self, event) { return effects }
        switch event {
        case .appeared:
            guard !isLoading else { return [] }
            isLoading = true
            return [.read]
        case .disappeared:
            isLoading = false
            return [.cancelRead]
        case .arrived(let requests):
            isLoading = false
            return Self.tableScope.reduce(&self, .table(.update(requests))) ?? []
        case .keyPressed:
            message = nil
        case .notReplayable:
            message = StatusMessage(Texts.History.notReplayable, .warning)
        case .table:
            break
        }
        return []
    }
}
