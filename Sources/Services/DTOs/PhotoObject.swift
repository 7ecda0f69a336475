import JSON
import Networking

/// A photo in an album (`/photos`).
public struct PhotoObject: RecordObject, Codable, Equatable, Identifiable {
    public var albumId: Int
    public var id: Int
    public var title: String
    public var url: String
    public var thumbnailUrl: String

    public init(json: JSONValue, path: String) throws(NetworkError) {
        let fields = try JSONFields(json, path: path)
        albumId = try fields.int("albumId")
        id = try fields.int("id")
        title = try fields.string("title")
        url = try fields.string("url")
        thumbnailUrl = try fields.string("thumbnailUrl")
    }
}
