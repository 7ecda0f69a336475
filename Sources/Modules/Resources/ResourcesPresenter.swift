import Services
import TerminalUI
import Translations

/// Lists the resources and their counts as they arrive.
@MainActor
final class ResourcesPresenter: Screen {
    private let interactor: ResourcesInteractor
    private let navigator: ResourceNavigator
    private let context: ScreenContext
    private(set) var counts: [String: Result<Int, ServiceError>] = [:]
    private(set) var cursor = 0
    private var scrollOffset = 0
    /// The screen row of the first resource, as last drawn (for clicks).
    private var firstRowOnScreen = 0
    /// The round of counts under way; a new round replaces it.
    private var counting: Task<Void, Never>?
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

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                Texts.Start.helpTitle,
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.move),
                    (keys.label(for: .open), Texts.Start.helpOpen), (keys.label(for: .reload), Texts.Start.countAgain),
                    (keys.label(for: .command), Texts.Start.helpCommand),
                ])
        ]
    }

    var status: ScreenStatus {
        ScreenStatus(
            resource: Texts.Start.status, count: Language.current.number(resources.count),
            isLoading: counting != nil || discovery != nil)
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
        counting?.cancel()
        counting = nil
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
        ResourcesView.draw(
            resources: resources, counts: counts, cursor: cursor, scrollOffset: scrollOffset,
            source: interactor.catalog.source, on: terminal, in: rect,
            theme: theme, tick: tick)
    }

    /// Counts every collection, in place of a round still under way.
    private func countAll() {
        counting?.cancel()
        let resources = resources.filter { !$0.isObject }
        counting = Task { [weak self, interactor] in
            await withTaskGroup(of: (String, Result<Int, ServiceError>).self) { group in
                for resource in resources {
                    group.addTask { (resource.name, await interactor.count(resource)) }
                }
                for await (name, result) in group {
                    guard !Task.isCancelled else { return }
                    self?.counts[name] = result
                    self?.context.setNeedsDisplay()
                }
            }
            guard !Task.isCancelled else { return }
            self?.counting = nil
            self?.context.setNeedsDisplay()  // the status line stops loading
        }
    }

    /// Asks the service what else it holds (json-server's `/db`), once, and
    /// shows and counts what it names.
    private func discover() {
        discovery = Task { [weak self, interactor] in
            let extras = await interactor.discoverExtras()
            guard !Task.isCancelled else { return }
            self?.hasDiscovered = true
            await self?.add(extras)
            guard !Task.isCancelled else { return }
            self?.discovery = nil
            self?.context.setNeedsDisplay()
        }
    }

    /// Shows the discovered resources and counts their collections.
    private func add(_ extras: [ResourceDescriptor]) async {
        guard !extras.isEmpty else { return }
        discovered = extras
        context.setNeedsDisplay()
        await withTaskGroup(of: (String, Result<Int, ServiceError>).self) { group in
            for resource in extras where !resource.isObject {
                group.addTask { [interactor] in (resource.name, await interactor.count(resource)) }
            }
            for await (name, result) in group {
                counts[name] = result
                context.setNeedsDisplay()
            }
        }
    }
}
