import Foundation
import JSONServerCore
import Networking

extension TodoObject {
    /// Decodes a todo list with the byte-level `JSONParser` (several times
    /// faster than `JSONDecoder` on large lists), with the same readable
    /// error paths (`[3].title: expected String`).
    static func decodeList(_ body: Data) throws(NetworkError) -> [TodoObject] {
        let items = try JSONValue.records(from: body)
        var todos: [TodoObject] = []
        todos.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            todos.append(try TodoObject(json: item, path: "[\(index)]"))
        }
        return todos
    }

    /// One todo from a parsed JSON object; `path` names it in errors.
    init(json: JSONValue, path: String) throws(NetworkError) {
        guard case .object(let object) = json else { throw .decoding(path: path, reason: "expected an object") }
        func field<T>(_ key: String, _ type: String, _ read: (JSONValue) -> T?) throws(NetworkError) -> T {
            guard let value = object[key] else { throw .decoding(path: "\(path).\(key)", reason: "missing") }
            guard let typed = read(value) else {
                throw .decoding(path: "\(path).\(key)", reason: "expected \(type)")
            }
            return typed
        }
        self.init(
            userId: try field("userId", "Int", \.intValue), id: try field("id", "Int", \.intValue),
            title: try field("title", "String", \.stringValue), completed: try field("completed", "Bool", \.boolValue))
    }
}
