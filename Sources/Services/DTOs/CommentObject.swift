import JSON
import Networking

/// A comment on a post (`/comments`).
public struct CommentObject: RecordObject, Codable, Equatable, Identifiable {
    public var postId: Int
    public var id: Int
    public var name: String
    public var email: String
    public var body: String

    public init(json: JSONValue, path: String) throws(NetworkError) {
        let fields = try JSONFields(json, path: path)
        postId = try fields.int("postId")
        id = try fields.int("id")
        name = try fields.string("name")
        email = try fields.string("email")
        body = try fields.string("body")
    }
}
