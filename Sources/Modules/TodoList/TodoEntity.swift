import Services

/// A todo as the screens use it: display-ready, with its search key.
public struct TodoEntity: Equatable, Sendable, Identifiable {
    public var id: Int
    public var userId: Int
    public var title: String
    public var completed: Bool

    public init(id: Int, userId: Int, title: String, completed: Bool) {
        self.id = id
        self.userId = userId
        self.title = title
        self.completed = completed
    }

    /// The text a filter matches against (lower-cased by `SearchIndex`).
    public var searchText: String { "\(id) \(title) user \(userId)" }

    public init(_ object: TodoObject) {
        self.init(id: object.id, userId: object.userId, title: object.title, completed: object.completed)
    }

    /// Every field, in the service's order, for the detail screen.
    public var fields: [DetailField] {
        [
            DetailField("userId", .number(String(userId))),
            DetailField("id", .number(String(id))),
            DetailField("title", .string(title)),
            DetailField("completed", .bool(completed)),
        ]
    }
}
