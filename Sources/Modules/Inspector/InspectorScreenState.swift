import TerminalUI

/// The request inspector (`I`, `:requests`) as a value: its table (a child
/// `InspectorState`, reduced through `table`) and whether it watches the
/// run's journal (from shown until left).
struct InspectorScreenState: ScreenState, Equatable, Sendable {
    enum Event: Equatable, Sendable {
        /// The screen shows: the journal is watched.
        case appeared
        /// The screen left: the journal is no longer watched.
        case disappeared
        /// An event of the table (the journal changed, a key moved the cursor, a new size).
        case table(InspectorState.Event)
    }

    enum Effect: Equatable, Sendable {
        /// Watch the journal; each change comes back as `.table(.update(requests))`.
        case watchJournal
        /// Stop watching it.
        case stopWatching
    }

    private(set) var table: InspectorState
    private(set) var isWatching = false

    /// How the table is held: its events in `.table`, and it asks for no work.
    static var tableScope: Scope<Self, InspectorState> {
        Scope(state: \.table, embed: Event.table) { if case .table(let event) = $0 { event } else { nil } }
    }

    init(requests: [RequestEntity]) {
        table = InspectorState(requests: requests)
    }

    mutating func apply(_ event: Event) -> [Effect] {
        if let effects = Self.tableScope.reduce(&self, event) { return effects }
        switch event {
        case .appeared:
            guard !isWatching else { return [] }
            isWatching = true
            return [.watchJournal]
        case .disappeared:
            isWatching = false
            return [.stopWatching]
        case .table: return []
        }
    }
}
