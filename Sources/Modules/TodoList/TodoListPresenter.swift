import Foundation
import Services
import TerminalUI

/// Owns the todo list's state and turns keys into interactor calls and state
/// into a `TodoListViewModel`.
@MainActor
public final class TodoListPresenter: Screen {
    private let interactor: TodoListInteractor
    private let router: TodoListRouter
    private let context: ScreenContext

    // MARK: - State
    private(set) var todos: [TodoEntity] = []
    private(set) var visible: [Int] = []
    private var searchIndex = SearchIndex([String]())
    private(set) var cursor = 0
    private(set) var scrollOffset = 0
    private(set) var filterText = ""
    private(set) var isEditingFilter = false
    private(set) var sortColumn: TodoColumn = .id
    private(set) var sortDescending = false
    private(set) var isLoading = false
    private(set) var error: ServiceError?
    private(set) var totalCount: Int?
    private(set) var fetchedAt: Date?
    private(set) var origin: DataOrigin?
    private(set) var message: StatusMessage?
    private var pageSize = 10
    /// The screen row of the table's first body row, as last drawn (for clicks).
    private var firstRowOnScreen = 0
    private var loadTask: Task<Void, Never>?
    private var writeTasks: [Int: Task<Void, Never>] = [:]
    /// Values written but not yet confirmed, re-applied over any list that arrives meanwhile.
    private var pendingCompleted: [Int: Bool] = [:]
    private var toldAboutForgetfulServer = false

    init(interactor: TodoListInteractor, router: TodoListRouter, context: ScreenContext) {
        self.interactor = interactor
        self.router = router
        self.context = context
    }

    // MARK: - Screen
    public var breadcrumb: String { "todos" }
    public var capturesText: Bool { isEditingFilter }

    public var help: [HelpSection] {
        [
            HelpSection(
                "Todo list",
                [
                    ("↑ ↓ / k j", "move"), ("PgUp PgDn / Ctrl-B Ctrl-F", "page"), ("g G / Home End", "top, bottom"),
                    ("Enter / l", "open the todo"), ("Space", "toggle completed"), ("/", "filter as you type"),
                    ("Esc", "clear the filter"), ("s / S", "sort by next column / reverse"),
                    ("r", "reload from the server"), ("y", "copy the todo as JSON"),
                ])
        ]
    }

    public var status: ScreenStatus {
        var offline: String?
        if let fetchedAt, error != nil || origin == .cache {
            let age = RelativeAge.describe(from: fetchedAt, to: context.now())
            switch error?.kind {
            case nil: offline = "cached \(age)"
            case .offline?, .timeout?: offline = "offline · cached \(age)"
            default: offline = "stale · cached \(age)"
            }
        }
        return ScreenStatus(
            resource: "todos", count: countText, offline: offline,
            isLoading: isLoading || !writeTasks.isEmpty, message: message)
    }

    public func start() {
        guard loadTask == nil else { return }
        observe()
    }

    public func stop() {
        loadTask?.cancel()
        loadTask = nil
    }

    public func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        let model = viewModel(height: rect.height, width: rect.width)
        pageSize = model.tableHeight
        scrollOffset = model.scrollOffset
        firstRowOnScreen = rect.row + rect.height - model.tableHeight
        TodoListView.draw(model, on: terminal, in: rect, theme: theme, tick: tick)
    }

    // MARK: - Keys
    public func handle(_ key: Key) -> ScreenCommand {
        if isEditingFilter, let command = handleFilterKey(key) { return command }
        if let moved = ListNavigation.move(cursor: cursor, count: visible.count, page: pageSize, key: key) {
            cursor = moved
            return .handled
        }
        switch key {
        case .enter, .char("l"), .right:
            guard let todo = currentTodo else { return .handled }
            return .push(router.detail(for: todo))
        case .mouse(let event) where event.kind == .click:
            let position = scrollOffset + event.row - firstRowOnScreen
            if event.row >= firstRowOnScreen, visible.indices.contains(position) { cursor = position }
            return .handled
        case .char("y"):
            guard let todo = currentTodo else { return .handled }
            return .copy(JSONLines.text(todo.fields), description: "todo \(todo.id) as JSON")
        case .char("/"):
            isEditingFilter = true
            return .handled
        case .escape where !filterText.isEmpty:
            setFilter("")
            return .handled
        case .char(" "):
            toggleCurrent()
            return .handled
        case .char("r"), .ctrl("r"):
            reload()
            return .handled
        case .char("s"):
            sortColumn = TodoColumn(rawValue: (sortColumn.rawValue + 1) % TodoColumn.allCases.count) ?? .id
            applySort()
            return .handled
        case .char("S"):
            sortDescending.toggle()
            applySort()
            return .handled
        default:
            return .unhandled
        }
    }

    private func handleFilterKey(_ key: Key) -> ScreenCommand? {
        switch key {
        case .escape:
            isEditingFilter = false
            setFilter("")
        case .enter:
            isEditingFilter = false
        case .backspace:
            if !filterText.isEmpty { setFilter(String(filterText.dropLast())) }
        case .char(let character):
            setFilter(filterText + String(character))
        case .ctrl("u"):
            setFilter("")
        default:
            return nil
        }
        return .handled
    }

    // MARK: - Work
    /// Watches the list's state and asks for a load if what is there is stale.
    private func observe() {
        isLoading = true
        loadTask = Task { [weak self, interactor] in
            let updates = await interactor.observe()
            Task { await interactor.refresh(force: false) }
            for await update in updates {
                self?.apply(update)
            }
        }
    }

    private func reload() {
        message = nil
        isLoading = true
        Task { [interactor] in await interactor.refresh(force: true) }
    }

    private func apply(_ update: TodoListInteractor.Update) {
        guard !Task.isCancelled else { return }
        if let result = update.result {
            let selectedID = currentTodo?.id
            todos = TodoListInteractor.sorted(result.todos, by: sortColumn, descending: sortDescending)
            for (index, todo) in todos.enumerated() where pendingCompleted[todo.id] != nil {
                todos[index].completed = pendingCompleted[todo.id] ?? todo.completed
            }
            totalCount = result.totalCount
            fetchedAt = result.fetchedAt
            origin = result.origin
            refilter(keeping: selectedID)
        }
        error = update.error?.kind == .cancelled ? nil : update.error
        // Nothing known and nothing failed: the load asked for on start is coming.
        isLoading = update.isLoading || (!update.hasData && error == nil)
        context.setNeedsDisplay()
    }

    private func toggleCurrent() {
        guard let todo = currentTodo, let index = todos.firstIndex(where: { $0.id == todo.id }) else { return }
        guard writeTasks[todo.id] == nil else {
            message = StatusMessage("Todo \(todo.id) is still saving", .warning)
            return
        }
        let newValue = !todo.completed
        todos[index].completed = newValue
        pendingCompleted[todo.id] = newValue
        message = nil
        writeTasks[todo.id] = Task { [weak self, interactor] in
            do throws(ServiceError) {
                let saved = try await interactor.setCompleted(newValue, id: todo.id)
                self?.finishWrite(saved, id: todo.id)
            } catch {
                self?.rollBack(todo, error)
            }
        }
    }

    private func finishWrite(_ saved: TodoEntity, id: Int) {
        writeTasks[id] = nil
        pendingCompleted[id] = nil
        if let index = todos.firstIndex(where: { $0.id == id }) { todos[index].completed = saved.completed }
        let state = saved.completed ? "done" : "not done"
        if !interactor.serverKeepsWrites && !toldAboutForgetfulServer {
            toldAboutForgetfulServer = true
            message = StatusMessage(
                "Todo \(id) marked \(state) — this server accepts writes but does not keep them", .warning)
        } else {
            message = StatusMessage("Todo \(id) marked \(state)")
        }
        context.setNeedsDisplay()
    }

    private func rollBack(_ original: TodoEntity, _ failure: ServiceError) {
        writeTasks[original.id] = nil
        pendingCompleted[original.id] = nil
        if let index = todos.firstIndex(where: { $0.id == original.id }) {
            todos[index].completed = original.completed
        }
        message = StatusMessage("Todo \(original.id) not saved (\(failure.shortReason)) — rolled back", .error)
        context.setNeedsDisplay()
    }

    // MARK: - Filter and sort
    private func setFilter(_ text: String) {
        let selectedID = currentTodo?.id
        let narrowing = !filterText.isEmpty && text.hasPrefix(filterText) && !text.hasSuffix(" ")
        let previous = narrowing ? visible : nil
        filterText = text
        visible = TodoListInteractor.filter(searchIndex, text: text, within: previous)
        restoreCursor(to: selectedID)
    }

    private func applySort() {
        let selectedID = currentTodo?.id
        todos = TodoListInteractor.sorted(todos, by: sortColumn, descending: sortDescending)
        refilter(keeping: selectedID)
    }

    /// After `todos` changed order or content: a new index, the filter again.
    private func refilter(keeping selectedID: Int?) {
        searchIndex = TodoListInteractor.index(todos)
        visible = TodoListInteractor.filter(searchIndex, text: filterText)
        restoreCursor(to: selectedID)
    }

    private func restoreCursor(to id: Int?) {
        if let id, let position = visible.firstIndex(where: { todos[$0].id == id }) {
            cursor = position
        } else {
            cursor = min(cursor, max(0, visible.count - 1))
        }
    }

    /// The todo under the cursor, if any.
    public var currentTodo: TodoEntity? {
        visible.indices.contains(cursor) ? todos[visible[cursor]] : nil
    }

    private var countText: String? {
        if todos.isEmpty && (isLoading || error != nil) { return nil }
        let total = totalCount ?? todos.count
        if filterText.isEmpty { return "\(total)" }
        return "\(visible.count) of \(total)"
    }

    // MARK: - View model
    func viewModel(height: Int, width: Int) -> TodoListViewModel {
        let errorText = error.map { "\($0.message) (r to retry)" }
        let bars =
            (isEditingFilter || !filterText.isEmpty ? 1 : 0)
            + (errorText.map { ErrorLine.height(of: $0, width: width) } ?? 0)
        let tableHeight = max(0, height - bars - 1)
        let offset = TableView.scrollOffset(
            cursor: cursor, previous: scrollOffset, visibleRows: tableHeight, count: visible.count)
        let todos = self.todos
        let visible = self.visible
        return TodoListViewModel(
            rowCount: visible.count,
            row: { position in todos[visible[position]] },
            cursor: cursor, scrollOffset: offset, tableHeight: tableHeight,
            sortColumn: sortColumn, sortDescending: sortDescending,
            filterText: filterText, isEditingFilter: isEditingFilter,
            error: errorText,
            isLoading: isLoading, isEmpty: todos.isEmpty)
    }
}
