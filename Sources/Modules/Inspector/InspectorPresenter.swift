import Foundation
import TerminalUI
import Translations

/// The inspector's `Screen`: movement keys move the cursor, Enter shows the
/// request under it; Esc is the router's (back). While shown, every new
/// request updates the table and asks for a redraw.
@MainActor
final class InspectorPresenter: Screen {
    private(set) var state: InspectorState
    private let log: any RequestLog
    private let context: ScreenContext
    private var watch: Task<Void, Never>?
    private var scrollOffset = 0
    private var tableHeight = 10

    init(log: any RequestLog, state: InspectorState, context: ScreenContext) {
        self.log = log
        self.state = state
        self.context = context
    }

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

    func start() {
        guard watch == nil else { return }
        let changes = log.changes()
        watch = Task { [weak self] in
            for await _ in changes {
                guard let self else { return }
                self.state.update(self.log.requests())
                self.context.setNeedsDisplay()
            }
        }
    }

    func stop() {
        watch?.cancel()
        watch = nil
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        let drawn = InspectorView.draw(state, on: terminal, in: rect, theme: theme, scrollOffset: scrollOffset)
        scrollOffset = drawn.scrollOffset
        tableHeight = drawn.tableHeight
    }

    func handle(_ key: Key) -> ScreenCommand {
        if let moved = ListNavigation.move(
            cursor: state.cursor, count: state.requests.count, page: tableHeight, key: key,
            bindings: context.bindings)
        {
            state.move(to: moved)
            return .handled
        }
        guard context.bindings.action(for: key) == .open else { return .unhandled }
        guard let request = state.current else { return .handled }
        return .push(RequestDetailPresenter(request: request, context: context))
    }
}
