import Foundation
import TerminalUI
import Translations

/// `:history`: the requests kept in the cache for this environment and
/// base URL, across runs, newest first — the inspector's table. Enter
/// shows one (the inspector's detail); `R` replays a GET by opening its
/// list or record, and an operation's request (a GraphQL mutation too, read
/// from its kept body) by opening its form filled. A loop around `HistoryState`.
@MainActor
final class HistoryPresenter: Screen {
    private(set) var screen = HistoryState()
    private let history: any RequestHistory
    private let navigator: ResourceNavigator
    private let context: ScreenContext
    private let tasks = EffectRunner<TaskKey>()

    enum TaskKey: Hashable {
        case read
    }

    /// The key that replays a GET.
    static let replayKey = Key.char("R")

    init(history: any RequestHistory, navigator: ResourceNavigator, context: ScreenContext) {
        self.history = history
        self.navigator = navigator
        self.context = context
    }

    /// The table (its requests and cursor).
    var state: InspectorState { screen.table }
    var isLoading: Bool { screen.isLoading }
    var breadcrumb: String { Texts.History.breadcrumb }
    var capturesText: Bool { false }
    var status: ScreenStatus {
        ScreenStatus(
            resource: Texts.History.breadcrumb, count: isLoading ? nil : Language.current.number(state.requests.count),
            isLoading: isLoading,
            message: screen.message)
    }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                Texts.History.helpTitle,
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.move),
                    (keys.label(pairing: .pageUp, .pageDown), Texts.Help.page),
                    (keys.label(for: .open), Texts.Inspector.helpOpen),
                    ("R", Texts.History.helpReplay),
                    (keys.label(for: .back), Texts.Help.back),
                ])
        ]
    }

    /// Reads the history each time the screen shows (newer requests came meanwhile).
    func start() { send(.appeared) }
    func stop() { send(.disappeared) }

    func resize(to rect: Rect) {
        send(.table(.resized(rect)))
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        InspectorView.draw(state, on: terminal, in: rect, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        send(.keyPressed)
        if let moved = ListNavigation.move(
            cursor: state.cursor, count: state.requests.count, page: state.scroll.page, key: key,
            bindings: context.bindings)
        {
            send(.table(.move(to: moved)))
            return .handled
        }
        if key == Self.replayKey { return replay() }
        guard context.bindings.action(for: key) == .open else { return .unhandled }
        guard let request = state.current else { return .handled }
        return .push(RequestDetailPresenter(request: request, context: context))
    }

    /// The screen the GET under the cursor showed, opened again.
    func replay() -> ScreenCommand {
        guard let request = state.current else { return .handled }
        if let form = navigator.replayOperation(method: request.method, target: request.target) { return .push(form) }
        if let form = navigator.replaySentOperation(
            method: request.method, target: request.target, body: request.requestBody)
        {
            return .push(form)
        }
        guard request.method == "GET", let target = ReplayTarget.parse(request.target) else {
            send(.notReplayable)
            return .handled
        }
        let resource = navigator.resource(named: target.resource)
        if resource.isObject { return .push(navigator.detail(resource, id: "")) }
        if let id = target.id { return .push(navigator.detail(resource, id: id)) }
        return .push(navigator.list(resource, filters: target.filters))
    }

    // MARK: - The loop
    private func send(_ event: HistoryState.Event) {
        for effect in screen.apply(event) {
            switch effect {
            case .read:
                tasks.run(.read) { [weak self, history] in
                    let requests = await history.requests()
                    guard !Task.isCancelled else { return }
                    self?.send(.arrived(requests))
                    self?.context.setNeedsDisplay()
                }
            case .cancelRead:
                tasks.cancel(.read)
            }
        }
    }
}
