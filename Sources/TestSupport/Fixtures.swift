import JSON
import Services

/// Small, readable data sets for tests.
public enum Fixtures {
    /// Five todos of two users, with CJK and emoji titles.
    public static let todos: [TodoObject] = [
        TodoObject(userId: 1, id: 1, title: "buy milk", completed: false),
        TodoObject(userId: 1, id: 2, title: "write 日本語 report", completed: true),
        TodoObject(userId: 1, id: 3, title: "ship 🚀 release", completed: false),
        TodoObject(userId: 2, id: 4, title: "call the bank", completed: false),
        TodoObject(userId: 2, id: 5, title: "café with Zoë", completed: true),
    ]

    /// `count` generated todos (ids 1…count, ten per user).
    public static func manyTodos(_ count: Int) -> [TodoObject] {
        (1...max(1, count)).map {
            TodoObject(userId: ($0 - 1) / 10 + 1, id: $0, title: "todo number \($0)", completed: $0 % 3 == 0)
        }
    }

    /// The five todos as JSON records.
    public static var todoRecords: [JSONValue] { todos.map(\.json) }
}
