import JSON
import Networking

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

extension TodoObject: RecordObject {
    public init(json: JSONValue, path: String) throws(NetworkError) {
        let fields = try JSONFields(json, path: path)
        self.init(
            userId: try fields.int("userId"), id: try fields.int("id"), title: try fields.string("title"),
            completed: try fields.bool("completed"))
    }
}
