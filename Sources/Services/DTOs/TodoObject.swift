/// A todo as the service sends it (`/todos`).
public struct TodoObject: Codable, Sendable, Equatable, Identifiable {
    public var userId: Int
    public var id: Int
    public var title: String
    public var completed: Bool

    public init(userId: Int, id: Int, title: String, completed: Bool) {
        self.userId = userId
        self.id = id
        self.title = title
        self.completed = completed
    }
}

/// The fields of a todo a client may change with PATCH.
public struct TodoPatch: Codable, Sendable, Equatable {
    public var title: String?
    public var completed: Bool?

    public init(title: String? = nil, completed: Bool? = nil) {
        self.title = title
        self.completed = completed
    }
}
