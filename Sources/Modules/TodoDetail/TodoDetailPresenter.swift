import Foundation
import Services
import TerminalUI

/// Shows every field of one todo as coloured JSON; refreshes it from the server.
@MainActor
final class TodoDetailPresenter: Screen {
    private let interactor: TodoDetailInteractor
    private let context: ScreenContext
    private(set) var todo: TodoEntity {
        didSet { lines = JSONLines.render(todo.fields) }
    }
    /// The record as coloured JSON lines, rendered once per change of `todo`.
    private var lines: [[JSONLines.Span]]
    private(set) var isLoading = false
    private(set) var error: ServiceError?
    private(set) var scroll = 0
    private var pageSize = 10
    private var task: Task<Void, Never>?

    init(todo: TodoEntity, interactor: TodoDetailInteractor, context: ScreenContext) {
        self.todo = todo
        self.lines = JSONLines.render(todo.fields)
        self.interactor = interactor
        self.context = context
    }

    var breadcrumb: String { String(todo.id) }
    var capturesText: Bool { false }

    var help: [HelpSection] {
        [
            HelpSection(
                "Todo detail",
                [("↑ ↓ / k j", "scroll"), ("r", "reload"), ("y", "copy as JSON"), ("Esc / h / q", "back to the list")])
        ]
    }

    var status: ScreenStatus {
        ScreenStatus(resource: "todos/\(todo.id)", isLoading: isLoading)
    }

    func start() {
        guard task == nil else { return }
        reload()
    }

    func stop() {
        task?.cancel()
        task = nil
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        pageSize = max(1, rect.height - 1)
        scroll = min(scroll, max(0, lines.count - 1))
        TodoDetailView.draw(
            TodoDetailViewModel(
                title: TextSanitizer.clean(todo.title), lines: lines, scroll: scroll,
                error: error.map { "\($0.message) (r to retry)" }),
            on: terminal, in: rect, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        if let moved = ListNavigation.move(cursor: scroll, count: lines.count, page: pageSize, key: key) {
            scroll = moved
            return .handled
        }
        switch key {
        case .char("r"):
            reload()
            return .handled
        case .char("y"):
            return .copy(JSONLines.text(todo.fields), description: "todo \(todo.id) as JSON")
        default:
            return .unhandled
        }
    }

    private func reload() {
        task?.cancel()
        isLoading = true
        let id = todo.id
        task = Task { [weak self, interactor] in
            do throws(ServiceError) {
                let fresh = try await interactor.load(id: id)
                self?.finish(fresh, nil)
            } catch {
                self?.finish(nil, error)
            }
        }
    }

    private func finish(_ fresh: TodoEntity?, _ failure: ServiceError?) {
        if failure?.kind == .cancelled { return }
        isLoading = false
        task = nil
        if let fresh { todo = fresh }
        error = failure
        context.setNeedsDisplay()
    }
}
