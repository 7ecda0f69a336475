import Foundation
import TerminalUI
import Translations

/// The inspector's `Screen`, a loop around `InspectorScreenState`:
/// movement keys move the cursor, Enter shows the request under it; Esc is
/// the router's (back). While shown, every new request updates the table
/// and asks for a redraw.
@MainActor
final class InspectorPresenter: Screen {
    private(set) var screen: InspectorScreenState
    private let log: any RequestLog
    private let context: ScreenContext
    private let tasks = EffectRunner<TaskKey>()

    enum TaskKey: Hashable {
        case journal
    }

    init(log: any RequestLog, state: InspectorScreenState, context: ScreenContext) {
        self.log = log
        self.screen = state
        self.context = context
    }

    /// The table (its requests and cursor).
    var state: InspectorState { screen.table }
    var breadcrumb: String { Texts.Inspector.breadcrumb }
    var capturesText: Bool { false }
    var status: ScreenStatus {
        ScreenStatus(resource: Texts.Inspector.breadcrumb, count: Language.current.number(state.requests.count))
    }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                Texts.Inspector.helpTitle,
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.move),
                    (keys.label(pairing: .pageUp, .pageDown), Texts.Help.page),
                    (keys.label(for: .open), Texts.Inspector.helpOpen),
                    (keys.label(for: .back), Texts.Help.back),
                ])
        ]
    }

    func start() { send(.appeared) }
    func stop() { send(.disappeared) }

    func resize(to rect: Rect) {
        send(.table(.resized(rect)))
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        InspectorView.draw(state, on: terminal, in: rect, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        if let moved = ListNavigation.move(
            cursor: state.cursor, count: state.requests.count, page: state.scroll.page, key: key,
            bindings: context.bindings)
        {
            send(.table(.move(to: moved)))
            return .handled
        }
        guard context.bindings.action(for: key) == .open else { return .unhandled }
        guard let request = state.current else { return .handled }
        return .push(RequestDetailPresenter(request: request, context: context))
    }

    // MARK: - The loop
    private func send(_ event: InspectorScreenState.Event) {
        for effect in screen.apply(event) {
            switch effect {
            case .watchJournal:
                let changes = log.changes()
                tasks.run(.journal) { [weak self] in
                    for await _ in changes {
                        guard !Task.isCancelled, let self else { return }
                        self.send(.table(.update(self.log.requests())))
                        self.context.setNeedsDisplay()
                    }
                }
            case .stopWatching:
                tasks.cancel(.journal)
            }
        }
    }
}
