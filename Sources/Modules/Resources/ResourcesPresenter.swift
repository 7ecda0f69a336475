import Services
import TerminalUI
import Translations

/// Lists the resources and their counts as they arrive.
///
/// Counts are asked for the rows on screen and a margin around them, at
/// most ``maxInFlight`` at a time, as the list scrolls: a document of
/// thousands of collections costs a screenful of requests, not thousands at once.
@MainActor
final class ResourcesPresenter: Screen {
    /// The most count requests under way at once.
    static let maxInFlight = 6
    /// Rows counted beyond those on screen, above and below.
    static let margin = 20
    private let interactor: ResourcesInteractor
    private let navigator: ResourceNavigator
    private let context: ScreenContext
    private(set) var counts: [String: Result<Int, ServiceError>] = [:]
    private(set) var cursor = 0
    private var scrollOffset = 0
    /// The screen row of the first resource, as last drawn (for clicks).
    private var firstRowOnScreen = 0
    /// The counts under way in this round, by resource name.
    private var counting: [String: Task<Void, Never>] = [:]
    /// The resources asked (or answered) in this round; a new round
    /// (showing again, `r`) asks every row in view again.
    private var asked: Set<String> = []
    /// The rows drawn last (before the first frame: a screenful).
    private var rowsInView = 0..<40
    /// The look at what else the service holds (`/db`), while it waits.
    private var discovery: Task<Void, Never>?
    /// Resources the service named that the catalog does not describe.
    private(set) var discovered: [ResourceDescriptor] = []
    /// The look had its answer: it is not asked again. A look cut off by
    /// ``stop()`` (the screen left before `/db` answered) is asked again.
    private var hasDiscovered = false

    init(interactor: ResourcesInteractor, navigator: ResourceNavigator, context: ScreenContext) {
        self.interactor = interactor
        self.navigator = navigator
        self.context = context
    }

    private var resources: [ResourceDescriptor] { interactor.catalog.resources + discovered }

    var breadcrumb: String { "" }
    var capturesText: Bool { false }
    /// Its rows are all known once the look at what else the service holds
    /// (`/db`) has its answer: screens made again from a document replace
    /// the drawn ones only then, so a key pressed meanwhile (`G`, Enter)
    /// never lands on a shorter list than the one on screen.
    var isReady: Bool { hasDiscovered }

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
            resource: Texts.Start.status, count: Language.current.number(resources.count),
            isLoading: !counting.isEmpty || discovery != nil)
    }

    /// Counts whenever the screen shows (again): a write elsewhere may have
    /// changed a count — even while an earlier round, or the first look at
    /// what else the service holds, is still waiting for its answers (a
    /// large file's `/db`, a slow server). The last counts stay on screen
    /// until the new ones come.
    func start() {
        countAll()
        if !hasDiscovered, discovery == nil { discover() }
    }

    func stop() {
        for task in counting.values { task.cancel() }
        counting = [:]
        discovery?.cancel()
        discovery = nil
    }

    func handle(_ key: Key) -> ScreenCommand {
        let bindings = context.bindings
        if let moved = ListNavigation.move(
            cursor: cursor, count: resources.count, page: 10, key: key, bindings: bindings)
        {
            cursor = moved
            return .handled
        }
        if case .mouse(let event) = key, event.kind == .click {
            let position = scrollOffset + event.row - firstRowOnScreen
            if event.row >= firstRowOnScreen, resources.indices.contains(position) { cursor = position }
            return .handled
        }
        switch bindings.action(for: key) {
        case .operations?:
            return .push(navigator.serviceOperations())
        case .open?:
            guard resources.indices.contains(cursor) else { return .handled }
            let resource = resources[cursor]
            return .push(resource.isObject ? navigator.detail(resource, id: "") : navigator.list(resource))
        case .reload?:
            counts = [:]
            countAll()
            return .handled
        default:
            return .unhandled
        }
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        let body = rect.splitTop(1).rest
        scrollOffset = TableView.scrollOffset(
            cursor: cursor, previous: scrollOffset, visibleRows: max(1, body.height - 1), count: resources.count)
        firstRowOnScreen = body.row + 1  // below the column titles
        let inView = scrollOffset..<(scrollOffset + max(1, body.height - 1))
        if inView != rowsInView {
            rowsInView = inView
            countInView()
        }
        ResourcesView.draw(
            resources: resources, counts: counts, cursor: cursor, scrollOffset: scrollOffset,
            source: interactor.catalog.source, notes: discovered.isEmpty ? interactor.catalog.notes : [],
            on: terminal, in: rect,
            theme: theme, tick: tick)
    }

    /// Starts a round of counts in place of one still under way: the rows
    /// in view are asked again.
    private func countAll() {
        for task in counting.values { task.cancel() }
        counting = [:]
        asked = []
        countInView()
    }

    /// Asks the counts of the rows in view and the margin around them that
    /// this round has not asked yet, while fewer than ``maxInFlight`` are
    /// under way; each answer makes room for the next.
    private func countInView() {
        let all = resources
        let lower = max(0, rowsInView.lowerBound - Self.margin)
        let upper = min(all.count, rowsInView.upperBound + Self.margin)
        guard lower < upper else { return }
        for resource in all[lower..<upper] where counting.count < Self.maxInFlight {
            guard !resource.isObject, asked.insert(resource.name).inserted else { continue }
            let name = resource.name
            counting[name] = Task { [weak self, interactor] in
                let result = await interactor.count(resource)
                guard !Task.isCancelled, let self else { return }
                counts[name] = result
                counting[name] = nil
                countInView()
                context.setNeedsDisplay()
            }
        }
    }

    /// Asks the service what else it holds (json-server's `/db`), once, and
    /// shows and counts what it names.
    private func discover() {
        discovery = Task { [weak self, interactor] in
            let extras = await interactor.discoverExtras()
            guard !Task.isCancelled else { return }
            self?.hasDiscovered = true
            self?.add(extras)
            guard !Task.isCancelled else { return }
            self?.discovery = nil
            self?.context.setNeedsDisplay()
        }
    }

    /// Shows the discovered resources and counts those in view.
    private func add(_ extras: [ResourceDescriptor]) {
        guard !extras.isEmpty else { return }
        discovered = extras
        countInView()
        context.setNeedsDisplay()
    }
}
