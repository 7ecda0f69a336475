import JSON
import Networking

/// A post (`/posts`).
public struct PostObject: RecordObject, Codable, Equatable, Identifiable {
    public var userId: Int
    public var id: Int
    public var title: String
    public var body: String

    public init(json: JSONValue, path: String) throws(NetworkError) {
        let fields = try JSONFields(json, path: path)
        userId = try fields.int("userId")
        id = try fields.int("id")
        title = try fields.string("title")
        body = try fields.string("body")
    }
}
