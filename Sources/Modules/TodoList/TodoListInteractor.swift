import Foundation
import Services

/// The todo list's business logic: loading (cache first, then the server),
/// toggling, filtering and sorting. No UI state lives here.
public struct TodoListInteractor: Sendable {
    /// A loaded list.
    public struct Result: Sendable, Equatable {
        public var todos: [TodoEntity]
        public var totalCount: Int?
        public var fetchedAt: Date
        public var origin: DataOrigin
    }

    private let api: any APIService
    public let query: ListQuery

    public init(api: any APIService, query: ListQuery) {
        self.api = api
        self.query = query
    }

    /// One observed state of the list, in entities.
    public struct Update: Sendable {
        /// The list, when it changed since the previous update (else `nil`).
        public var result: Result?
        public var hasData: Bool
        public var error: ServiceError?
        public var isLoading: Bool
    }

    /// The list's states: what is known at once (an earlier run's cache),
    /// then every change. Entities are made only when the data changed.
    public func observe() async -> AsyncStream<Update> {
        let states = await api.todoList(query)
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                var previous: (Date, DataOrigin, Int)?
                for await state in states {
                    var update = Update(
                        result: nil, hasData: state.listing != nil, error: state.error, isLoading: state.isLoading)
                    if let listing = state.listing {
                        let identity = (listing.fetchedAt, listing.origin, listing.items.count)
                        if previous.map({ $0 != identity }) ?? true {
                            update.result = Self.result(from: listing)
                            previous = identity
                        }
                    }
                    continuation.yield(update)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Loads the list: always when `force`, else only if missing or stale.
    public func refresh(force: Bool) async {
        await api.refreshTodos(query, force: force)
    }

    /// Sets `completed` on the server and returns the server's version.
    public func setCompleted(_ completed: Bool, id: Int) async throws(ServiceError) -> TodoEntity {
        TodoEntity(try await api.updateTodo(id: id, TodoPatch(completed: completed)))
    }

    /// Whether writes survive on this service (JSONPlaceholder forgets them).
    public var serverKeepsWrites: Bool { api.keepsWrites }

    /// The search index of `todos`, in their order.
    public static func index(_ todos: [TodoEntity]) -> SearchIndex {
        SearchIndex(todos.lazy.map(\.searchText))
    }

    /// Indices of the todos whose search text contains every word of `text`.
    ///
    /// `within` narrows an earlier result when the new text extends the old
    /// (typing one more letter), so each keystroke scans only what matched.
    public static func filter(_ index: SearchIndex, text: String, within: [Int]? = nil) -> [Int] {
        index.rows(matching: text, within: within)
    }

    /// `todos` sorted by `column` (stable; ties keep id order).
    public static func sorted(_ todos: [TodoEntity], by column: TodoColumn, descending: Bool) -> [TodoEntity] {
        // Servers send ids in order: skip the sort when there is nothing to do.
        if column == .id, !descending, zip(todos, todos.dropFirst()).allSatisfy({ $0.id < $1.id }) { return todos }
        let ascending = todos.sorted { lhs, rhs in
            switch column {
            case .id: return lhs.id < rhs.id
            case .done: return (lhs.completed ? 1 : 0, lhs.id) < (rhs.completed ? 1 : 0, rhs.id)
            case .title:
                let order = lhs.title.localizedStandardCompare(rhs.title)
                return order == .orderedSame ? lhs.id < rhs.id : order == .orderedAscending
            case .user: return (lhs.userId, lhs.id) < (rhs.userId, rhs.id)
            }
        }
        return descending ? ascending.reversed() : ascending
    }

    private static func result(from listing: Listing<TodoObject>) -> Result {
        Result(
            todos: listing.items.map(TodoEntity.init), totalCount: listing.totalCount,
            fetchedAt: listing.fetchedAt, origin: listing.origin)
    }
}

/// The columns of the todo table, in display order.
public enum TodoColumn: Int, CaseIterable, Sendable {
    case id, done, title, user

    public var title: String {
        switch self {
        case .id: return "ID"
        case .done: return "Done"
        case .title: return "Title"
        case .user: return "User"
        }
    }
}
