import Services
import TerminalUI
import Translations

/// The frequency table's `Screen`, a loop around `FrequencyState`: movement
/// keys move the cursor, Enter opens the list filtered to the value under
/// it; everything else is the router's (Esc goes back to the list).
@MainActor
final class FrequencyPresenter: Screen {
    private(set) var state: FrequencyState
    private let router: FrequencyRouter
    private let context: ScreenContext

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
            count: Language.current.number(state.rows.count), message: state.message)
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

    func resize(to rect: Rect) {
        send(.resized(rect))
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        FrequencyView.draw(state, on: terminal, in: rect, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        send(.keyPressed)
        if let moved = ListNavigation.move(
            cursor: state.cursor, count: state.rows.count, page: state.scroll.page, key: key,
            bindings: context.bindings)
        {
            send(.move(to: moved))
            return .handled
        }
        guard context.bindings.action(for: key) == .open else { return .unhandled }
        guard let filters = state.currentFilters else {
            send(.openedEmptyValue)
            return .handled
        }
        return .push(router.list(state.resource, filters: filters))
    }

    /// The table asks for no work: an event is only a transition.
    private func send(_ event: FrequencyState.Event) {
        _ = state.apply(event)
    }
}
