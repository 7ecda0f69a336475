import Services
import TerminalUI
import Translations

/// The list of operations' `Screen`, a loop around `OperationsState`:
/// method, path and summary, one a row. Enter opens the form of the one
/// under the cursor; a write is refused at once when the run is read-only.
@MainActor
final class OperationsPresenter: Screen {
    private(set) var state: OperationsState
    private let api: any APIService
    private let shelf: OperationShelf
    private let context: ScreenContext

    init(
        subject: OperationsModule.Subject, entries: [OperationsModule.Entry], api: any APIService,
        shelf: OperationShelf, context: ScreenContext
    ) {
        state = OperationsState(subject: subject, entries: entries)
        self.api = api
        self.shelf = shelf
        self.context = context
    }

    var subject: OperationsModule.Subject { state.subject }
    var entries: [OperationsModule.Entry] { state.entries }
    var cursor: Int { state.cursor }
    var message: StatusMessage? { state.message }
    var title: String { state.title }
    var breadcrumb: String { Texts.Operations.breadcrumb }
    var capturesText: Bool { false }
    var status: ScreenStatus {
        ScreenStatus(
            resource: Texts.Operations.breadcrumb, count: Language.current.number(entries.count), message: message)
    }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                Texts.Operations.helpTitle,
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.move),
                    (keys.label(for: .open), Texts.Operations.helpOpen),
                    (keys.label(for: .back), Texts.Help.back),
                ])
        ]
    }

    func start() {}
    func stop() {}

    func resize(to rect: Rect) {
        send(.resized(rect))
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        OperationsView.draw(state, on: terminal, in: rect, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        send(.keyPressed)
        if let moved = ListNavigation.move(
            cursor: cursor, count: entries.count, page: state.scroll.page, key: key, bindings: context.bindings)
        {
            send(.move(to: moved))
            return .handled
        }
        guard context.bindings.action(for: key) == .open else { return .unhandled }
        guard let entry = state.current else { return .handled }
        if entry.operation.writes, case .readOnly(let source) = context.writeGuard.access {
            send(.writeRefused(source: source))
            return .handled
        }
        return .push(
            OperationsModule.form(entry.operation, values: entry.values, api: api, shelf: shelf, context: context))
    }

    /// The list asks for no work: an event is only a transition.
    private func send(_ event: OperationsState.Event) {
        _ = state.apply(event)
    }
}
