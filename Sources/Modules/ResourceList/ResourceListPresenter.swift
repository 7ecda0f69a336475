import Foundation
import Services
import TerminalUI

/// The resource list's `Screen`: a thin loop around `ResourceListState`.
///
/// Every key, lifecycle call and async result becomes a `ResourceListEvent`;
/// the state's transition returns effects, which the presenter runs through
/// the interactor (through an `EffectRunner`, keyed so that a new load or
/// search replaces the old) and whose results come back as events. The presenter keeps no
/// list state of its own.
@MainActor
public final class ResourceListPresenter: Screen {
    let interactor: ResourceListInteractor
    private let router: ResourceListRouter
    let context: ScreenContext
    public let breadcrumb: String
    /// Everything the list shows and knows; changed only by `send(_:)`.
    private(set) var state: ResourceListState
    /// Work in flight, by what it is for.
    let tasks = EffectRunner<TaskKey>()

    /// What a task is for: one watch, one page load and one pending search
    /// at a time; one write per record.
    enum TaskKey: Hashable {
        case observe
        case loadPage
        /// One page of a windowed list (several at a time: those under the screen).
        case windowPage(Int)
        case search
        /// The watch timer, then the watch fetch it starts (one at a time).
        case watch
        case write(String)
        /// Which methods the records take (one question at a time).
        case askWrites
    }

    init(interactor: ResourceListInteractor, router: ResourceListRouter, context: ScreenContext, breadcrumb: String) {
        self.interactor = interactor
        self.router = router
        self.context = context
        self.breadcrumb = breadcrumb
        state = ResourceListState(
            resource: interactor.resource, filters: interactor.filters, writeAccess: context.writeGuard.access)
    }

    // MARK: - The loop
    /// Applies `event` to the state and runs the effects its transition returns.
    func send(_ event: ResourceListEvent) {
        for effect in state.apply(event) { run(effect) }
    }

    /// The result of async work: into the state, then a redraw (a key's
    /// redraw is the router's).
    func receive(_ event: ResourceListEvent) {
        send(event)
        context.setNeedsDisplay()
    }

    // MARK: - Screen
    public var capturesText: Bool { state.capturesText }

    public var help: [HelpSection] { state.help(context.bindings) }

    public var status: ScreenStatus { state.status(now: context.now()) }
    public var isReady: Bool { state.fetchedAt != nil || state.error != nil }

    public func start() {
        send(.writes(.setAccess(context.writeGuard.access)))
        send(.start)
    }

    public func stop() { send(.stop) }

    public func resize(to rect: Rect) {
        if state.area != rect { send(.resized(rect)) }
    }

    public func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        let model = state.viewModel(in: rect)
        ResourceListView.draw(model, on: terminal, in: rect, theme: theme, tick: tick)
    }

    public func handle(_ key: Key) -> ScreenCommand {
        let received = key == .escape ? context.receivedBytes() : 0
        switch ResourceListKeyMap.outcome(for: key, in: state, bindings: context.bindings, received: received) {
        case .event(let event):
            send(event)
            return .handled
        case .stopLoading:
            send(.stopLoading(received: received))
            return .handled
        case .newRecord:
            send(.new(placeholderID: "new-\(UUID().uuidString.prefix(8))"))
            return .handled
        case .open(let record):
            return .push(router.detail(record, of: state.resource))
        case .copy(let text, let description):
            return .copy(text, description: description)
        case .frequency(let field):
            return .push(router.frequency(of: state.exportSource, field: field))
        case .columnKey(let action):
            send(
                .columnKey(
                    action, drawnWidth: drawnWidth(of: state.keyedColumn),
                    pickKey: context.bindings.label(for: .sortNext)))
            return .handled
        case .handled:
            return .handled
        case .unhandled:
            return .unhandled
        }
    }

    // MARK: - What others read
    /// The resource as shown (with inferred columns, once the first page came).
    var resource: ResourceDescriptor { state.resource }
    var records: [RecordEntity] { state.records }
    var isLoading: Bool { state.isLoading }

    /// The record under the cursor, if any.
    public var current: RecordEntity? { state.current }
}

// MARK: - Columns and views
extension ResourceListPresenter: ArrangesColumns {
    /// The cells `field`'s column is drawn at now (as the last frame laid it out).
    func drawnWidth(of field: String?) -> Int? {
        guard let field, let area = state.area else { return nil }
        let model = state.viewModel(in: area)
        let shown = model.resource.columns
        guard let index = shown.firstIndex(where: { $0.field == field }) else { return nil }
        let reserved = model.changed == nil ? 0 : 2
        let columns = ResourceListView.columns(model.resource, fittedTo: model, reserved: reserved)
        guard columns.indices.contains(index), case .fixed(let cells) = columns[index].width else { return nil }
        return cells
    }

    public var columnFields: [String] { state.resource.columns.map(\.field) }

    public var viewCollection: String { state.resource.name }

    public var nestedPaths: [String] { state.nestedPaths }

    public var columnsLine: String { state.columnsLine }

    public func arrange(_ change: ColumnChange) -> StatusMessage? {
        if case .widen(let name, let step) = change, let field = state.columnField(named: name),
            let drawn = drawnWidth(of: field)
        {
            send(.arrangeColumns(.width(field, drawn + step)))
        } else {
            send(.arrangeColumns(change))
        }
        return takeMessage()
    }

    public func currentView(named name: String) -> SavedListView { state.view(named: name) }

    public func show(_ view: SavedListView?) -> StatusMessage? {
        send(.applyView(view))
        return takeMessage()
    }

    /// What the last change said, handed to the status line (and no longer the list's own).
    private func takeMessage() -> StatusMessage? {
        let said = state.message
        send(.clearMessage)
        return said
    }
}

// MARK: - Commands
extension ResourceListPresenter: Exportable, ListsResource, ShowsRequest, Watchable, RowAddressable {
    public var exportSource: ExportSource { state.exportSource }

    public var listedResource: ResourceDescriptor { state.resource }

    public var shownRequest: ShownRequest {
        ShownRequest(resource: state.resource, request: .list(state.shownQuery))
    }

    public func watch(every interval: Duration?) {
        send(.watch(.set(interval)))
    }

    public func go(toRow row: Int, percent: Bool) {
        send(percent ? .jumpPercent(row) : .jump(to: row - 1))
    }
}
