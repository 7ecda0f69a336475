import Services
import TerminalUI
import Translations

/// The start screen's `Screen`, a loop around `ResourcesState`: lists the
/// resources and their counts as they arrive; Enter opens one.
@MainActor
final class ResourcesPresenter: Screen {
    /// The most count requests under way at once.
    static let maxInFlight = ResourcesState.maxInFlight
    /// Rows counted beyond those on screen, above and below.
    static let margin = ResourcesState.margin
    private let interactor: ResourcesInteractor
    private let navigator: ResourceNavigator
    private let context: ScreenContext
    private(set) var state: ResourcesState
    private let tasks = EffectRunner<TaskKey>()

    /// What a task is for: one count per resource, one look at what else the service holds.
    enum TaskKey: Hashable {
        case count(String)
        case discover
    }

    init(interactor: ResourcesInteractor, navigator: ResourceNavigator, context: ScreenContext) {
        self.interactor = interactor
        self.navigator = navigator
        self.context = context
        state = ResourcesState(catalog: interactor.catalog)
    }

    var counts: [String: Result<Int, ServiceError>] { state.counts }
    var cursor: Int { state.cursor }
    var discovered: [ResourceDescriptor] { state.discovered }

    var breadcrumb: String { "" }
    var capturesText: Bool { false }
    /// Its rows are all known once the look at what else the service holds
    /// (`/db`) has its answer: screens made again from a document replace
    /// the drawn ones only then, so a key pressed meanwhile (`G`, Enter)
    /// never lands on a shorter list than the one on screen.
    var isReady: Bool { state.hasDiscovered }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                Texts.Start.helpTitle,
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.move),
                    (keys.label(for: .open), Texts.Start.helpOpen), (keys.label(for: .reload), Texts.Start.countAgain),
                    (keys.label(for: .operations), Texts.Operations.helpKey),
                    (keys.label(for: .command), Texts.Start.helpCommand),
                ])
        ]
    }

    var status: ScreenStatus {
        ScreenStatus(
            resource: Texts.Start.status, count: Language.current.number(state.resources.count),
            isLoading: !state.counting.isEmpty || state.isDiscovering)
    }

    /// Counts whenever the screen shows (again): a write elsewhere may have
    /// changed a count — even while an earlier round, or the first look at
    /// what else the service holds, is still waiting for its answers (a
    /// large file's `/db`, a slow server). The last counts stay on screen
    /// until the new ones come.
    func start() { send(.appeared) }

    func stop() { send(.disappeared) }

    func resize(to rect: Rect) {
        if state.area != rect { send(.resized(rect)) }
    }

    func handle(_ key: Key) -> ScreenCommand {
        let bindings = context.bindings
        let resources = state.resources
        if let moved = ListNavigation.move(
            cursor: state.cursor, count: resources.count, page: 10, key: key, bindings: bindings)
        {
            send(.move(to: moved))
            return .handled
        }
        if case .mouse(let event) = key, event.kind == .click {
            send(.click(row: event.row))
            return .handled
        }
        switch bindings.action(for: key) {
        case .operations?:
            return .push(navigator.serviceOperations())
        case .open?:
            guard resources.indices.contains(state.cursor) else { return .handled }
            let resource = resources[state.cursor]
            return .push(resource.isObject ? navigator.detail(resource, id: "") : navigator.list(resource))
        case .reload?:
            send(.recount)
            return .handled
        default:
            return .unhandled
        }
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        ResourcesView.draw(state, on: terminal, in: rect, theme: theme, tick: tick)
    }

    // MARK: - The loop
    private func send(_ event: ResourcesState.Event) {
        for effect in state.apply(event) {
            switch effect {
            case .count(let resource):
                let name = resource.name
                tasks.run(.count(name)) { [weak self, interactor] in
                    let result = await interactor.count(resource)
                    guard !Task.isCancelled else { return }
                    self?.receive(.counted(name, result))
                }
            case .cancelCounts:
                tasks.cancel { if case .count = $0 { true } else { false } }
            case .discover:
                tasks.run(.discover) { [weak self, interactor] in
                    let extras = await interactor.discoverExtras()
                    guard !Task.isCancelled else { return }
                    self?.receive(.discovered(extras))
                }
            case .cancelDiscovery:
                tasks.cancel(.discover)
            }
        }
    }

    /// The result of async work: into the state, then a redraw.
    private func receive(_ event: ResourcesState.Event) {
        send(event)
        context.setNeedsDisplay()
    }
}
