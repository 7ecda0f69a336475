import Services
import TerminalUI

/// The start screen: every resource of the service with its count; `Enter`
/// opens one.
public enum ResourcesModule {
    @MainActor
    public static func build(
        catalog: ResourceCatalog, api: any APIService, navigator: ResourceNavigator, context: ScreenContext
    ) -> any Screen {
        ResourcesPresenter(
            interactor: ResourcesInteractor(api: api, catalog: catalog), navigator: navigator, context: context)
    }
}

/// Counts the records of each resource.
struct ResourcesInteractor: Sendable {
    let api: any APIService
    let catalog: ResourceCatalog

    func count(_ resource: ResourceDescriptor) async -> Result<Int, ServiceError> {
        do throws(ServiceError) {
            return .success(try await api.count(resource, ListQuery()))
        } catch {
            return .failure(error)
        }
    }
}

/// Lists the resources and their counts as they arrive.
@MainActor
final class ResourcesPresenter: Screen {
    private let interactor: ResourcesInteractor
    private let navigator: ResourceNavigator
    private let context: ScreenContext
    private(set) var counts: [String: Result<Int, ServiceError>] = [:]
    private(set) var cursor = 0
    private var task: Task<Void, Never>?

    init(interactor: ResourcesInteractor, navigator: ResourceNavigator, context: ScreenContext) {
        self.interactor = interactor
        self.navigator = navigator
        self.context = context
    }

    private var resources: [ResourceDescriptor] { interactor.catalog.resources }

    var breadcrumb: String { "" }
    var capturesText: Bool { false }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                "Resources",
                [
                    (keys.label(pairing: .moveUp, .moveDown), "move"),
                    (keys.label(for: .open), "open the resource's list"), (keys.label(for: .reload), "count again"),
                    (keys.label(for: .command), "command line (:posts, :users 3, :todos userId=2)"),
                ])
        ]
    }

    var status: ScreenStatus {
        ScreenStatus(
            resource: "resources", count: String(resources.count), isLoading: counts.count < resources.count)
    }

    func start() {
        if task == nil { countAll() }
    }

    func stop() {
        task?.cancel()
        task = nil
    }

    func handle(_ key: Key) -> ScreenCommand {
        let bindings = context.bindings
        if let moved = ListNavigation.move(
            cursor: cursor, count: resources.count, page: 10, key: key, bindings: bindings)
        {
            cursor = moved
            return .handled
        }
        if case .mouse(let event) = key, event.kind == .click, resources.indices.contains(event.row - 3) {
            cursor = event.row - 3
            return .handled
        }
        switch bindings.action(for: key) {
        case .open?:
            guard resources.indices.contains(cursor) else { return .handled }
            return .push(navigator.list(resources[cursor]))
        case .reload?:
            counts = [:]
            countAll()
            return .handled
        default:
            return .unhandled
        }
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        let columns = [
            TableColumn("Resource", width: .fixed(16), minWidth: 8, priority: 2),
            TableColumn("Records", width: .fixed(10), minWidth: 6, alignment: .right, priority: 1),
            TableColumn("Relations", width: .flexible(), minWidth: 8),
        ]
        let resources = resources
        let counts = counts
        let (titleLine, body) = rect.splitTop(1)
        terminal.write(
            " Resources of this service — Enter opens one, : switches anywhere", row: titleLine.row,
            col: titleLine.col, width: titleLine.width, style: theme.style(.dim))
        let table = TableView(
            columns: columns, rowCount: resources.count, cursor: cursor,
            scrollOffset: TableView.scrollOffset(
                cursor: cursor, previous: 0, visibleRows: max(1, body.height - 1), count: resources.count),
            sort: nil,
            row: { index in
                let resource = resources[index]
                let relations = resource.relations.map(\.name).joined(separator: ", ")
                switch counts[resource.name] {
                case .success(let number)?: return [resource.name, String(number), relations]
                // The reason takes the wide column: the count's is too narrow for it.
                case .failure(let error)?: return [resource.name, "✖", "not counted: \(error.message)"]
                case nil: return [resource.name, Spinner.frame(tick: tick), relations]
                }
            })
        table.draw(on: terminal, in: body, theme: theme)
    }

    private func countAll() {
        let resources = resources
        task = Task { [weak self, interactor] in
            await withTaskGroup(of: (String, Result<Int, ServiceError>).self) { group in
                for resource in resources {
                    group.addTask { (resource.name, await interactor.count(resource)) }
                }
                for await (name, result) in group {
                    self?.counts[name] = result
                    self?.context.setNeedsDisplay()
                }
            }
        }
    }
}
