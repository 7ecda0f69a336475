import Foundation
import TerminalUI
import Translations

/// `:history`: the requests kept in the cache for this environment and
/// base URL, across runs, newest first — the inspector's table. Enter
/// shows one (the inspector's detail); `R` replays a GET by opening its
/// list or record.
@MainActor
final class HistoryPresenter: Screen {
    private(set) var state = InspectorState(requests: [], scope: .kept)
    private(set) var isLoading = false
    private let history: any RequestHistory
    private let navigator: ResourceNavigator
    private let context: ScreenContext
    private var load: Task<Void, Never>?
    private var message: StatusMessage?
    private var scrollOffset = 0
    private var tableHeight = 10

    /// The key that replays a GET.
    static let replayKey = Key.char("R")

    init(history: any RequestHistory, navigator: ResourceNavigator, context: ScreenContext) {
        self.history = history
        self.navigator = navigator
        self.context = context
    }

    var breadcrumb: String { Texts.History.breadcrumb }
    var capturesText: Bool { false }
    var status: ScreenStatus {
        ScreenStatus(
            resource: Texts.History.breadcrumb, count: isLoading ? nil : Language.current.number(state.requests.count),
            isLoading: isLoading,
            message: message)
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
    func start() {
        guard load == nil else { return }
        isLoading = true
        load = Task { [weak self, history] in
            let requests = await history.requests()
            guard !Task.isCancelled, let self else { return }
            self.state.update(requests)
            self.isLoading = false
            self.load = nil
            self.context.setNeedsDisplay()
        }
    }

    func stop() {
        load?.cancel()
        load = nil
        isLoading = false
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        let drawn = InspectorView.draw(state, on: terminal, in: rect, theme: theme, scrollOffset: scrollOffset)
        scrollOffset = drawn.scrollOffset
        tableHeight = drawn.tableHeight
    }

    func handle(_ key: Key) -> ScreenCommand {
        message = nil
        if let moved = ListNavigation.move(
            cursor: state.cursor, count: state.requests.count, page: tableHeight, key: key,
            bindings: context.bindings)
        {
            state.move(to: moved)
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
        guard request.method == "GET", let target = ReplayTarget.parse(request.target) else {
            message = StatusMessage(Texts.History.notReplayable, .warning)
            return .handled
        }
        let resource = navigator.resource(named: target.resource)
        if resource.isObject { return .push(navigator.detail(resource, id: "")) }
        if let id = target.id { return .push(navigator.detail(resource, id: id)) }
        return .push(navigator.list(resource, filters: target.filters))
    }
}
