import JSON
import Services

extension TodoObject {
    /// The todo as the JSON record a server sends.
    public var json: JSONValue {
        var object = JSONObject()
        object["userId"] = .int(userId)
        object["id"] = .int(id)
        object["title"] = .string(title)
        object["completed"] = .bool(completed)
        return .object(object)
    }
}
