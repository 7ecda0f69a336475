import Services
import TerminalUI
import Translations

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

    var breadcrumb: String { Texts.Freq.breadcrumb(field: state.field) }
    var capturesText: Bool { false }

    var status: ScreenStatus {
        ScreenStatus(
            resource: Texts.Freq.by(resources: state.resource.name, field: state.field),
            count: Language.current.number(state.rows.count), message: message)
    }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                Texts.Freq.helpTitle(field: state.field),
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.move),
                    (keys.label(pairing: .pageUp, .pageDown), Texts.Help.page),
                    (keys.label(for: .open), Texts.Freq.helpOpen(resources: state.resource.name, field: state.field)),
                    (keys.label(for: .back), Texts.Freq.backToList),
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
            if state.current != nil { message = StatusMessage(Texts.Freq.emptyNotFilter, .warning) }
            return .handled
        }
        return .push(router.list(state.resource, filters: filters))
    }
}
