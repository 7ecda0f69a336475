import Services
import TerminalUI

/// The frequency table's `Screen`: movement keys move the cursor, Enter
/// opens the list filtered to the value under it; everything else is the
/// router's (Esc goes back to the list).
@MainActor
final class FrequencyPresenter: Screen {
    private(set) var state: FrequencyState
    private let router: FrequencyRouter
    private let context: ScreenContext
    /// The table's first visible row and height at the last draw.
    private var scrollOffset = 0
    private var tableHeight = 10
    private var message: StatusMessage?

    init(state: FrequencyState, router: FrequencyRouter, context: ScreenContext) {
        self.state = state
        self.router = router
        self.context = context
    }

    var breadcrumb: String { "freq \(state.field)" }
    var capturesText: Bool { false }

    var status: ScreenStatus {
        ScreenStatus(
            resource: "\(state.resource.name) by \(state.field)", count: "\(state.rows.count)", message: message)
    }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                "frequency of \(state.field)",
                [
                    (keys.label(pairing: .moveUp, .moveDown), "move"),
                    (keys.label(pairing: .pageUp, .pageDown), "page"),
                    (keys.label(for: .open), "the \(state.resource.name) with this \(state.field) (a server filter)"),
                    (keys.label(for: .back), "back to the list"),
                ])
        ]
    }

    func start() {}
    func stop() {}

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        let drawn = FrequencyView.draw(state, on: terminal, in: rect, theme: theme, scrollOffset: scrollOffset)
        scrollOffset = drawn.scrollOffset
        tableHeight = drawn.tableHeight
    }

    func handle(_ key: Key) -> ScreenCommand {
        message = nil
        if let moved = ListNavigation.move(
            cursor: state.cursor, count: state.rows.count, page: tableHeight, key: key, bindings: context.bindings)
        {
            state.move(to: moved)
            return .handled
        }
        guard context.bindings.action(for: key) == .open else { return .unhandled }
        guard let filters = state.currentFilters else {
            if state.current != nil { message = StatusMessage("An empty value cannot be a server filter", .warning) }
            return .handled
        }
        return .push(router.list(state.resource, filters: filters))
    }
}
