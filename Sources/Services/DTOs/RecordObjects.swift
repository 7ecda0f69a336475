import JSON
import Networking

/// A typed DTO of one JSONPlaceholder resource, read from a parsed record
/// (the byte-level parser's output, so large lists skip `JSONDecoder`).
public protocol RecordObject: Sendable {
    /// Reads the record; `path` (`[3]`) names it in errors.
    init(json: JSONValue, path: String) throws(NetworkError)
}

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

/// A photo album (`/albums`).
public struct AlbumObject: RecordObject, Codable, Equatable, Identifiable {
    public var userId: Int
    public var id: Int
    public var title: String

    public init(json: JSONValue, path: String) throws(NetworkError) {
        let fields = try JSONFields(json, path: path)
        userId = try fields.int("userId")
        id = try fields.int("id")
        title = try fields.string("title")
    }
}

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

/// A user, with nested address and company (`/users`).
public struct UserObject: RecordObject, Codable, Equatable, Identifiable {
    public struct Address: Codable, Sendable, Equatable {
        public var street: String
        public var suite: String
        public var city: String
        public var zipcode: String
        public var geo: Geo
    }

    public struct Geo: Codable, Sendable, Equatable {
        public var lat: String
        public var lng: String
    }

    public struct Company: Codable, Sendable, Equatable {
        public var name: String
        public var catchPhrase: String
        public var bs: String
    }

    public var id: Int
    public var name: String
    public var username: String
    public var email: String
    public var address: Address
    public var phone: String
    public var website: String
    public var company: Company

    public init(json: JSONValue, path: String) throws(NetworkError) {
        let fields = try JSONFields(json, path: path)
        id = try fields.int("id")
        name = try fields.string("name")
        username = try fields.string("username")
        email = try fields.string("email")
        let address = try fields.nested("address")
        let geo = try address.nested("geo")
        self.address = Address(
            street: try address.string("street"), suite: try address.string("suite"),
            city: try address.string("city"), zipcode: try address.string("zipcode"),
            geo: Geo(lat: try geo.string("lat"), lng: try geo.string("lng")))
        phone = try fields.string("phone")
        website = try fields.string("website")
        let company = try fields.nested("company")
        self.company = Company(
            name: try company.string("name"), catchPhrase: try company.string("catchPhrase"),
            bs: try company.string("bs"))
    }
}

/// Which typed DTO checks the records of a resource: the six
/// JSONPlaceholder collections have one; described and inferred resources
/// are plain JSON records.
public enum RecordSchema: String, Sendable, Hashable, CaseIterable {
    case todo, post, comment, album, photo, user

    /// Checks every record, throwing the first problem with its path.
    public func validate(_ records: [JSONValue]) throws(NetworkError) {
        for (index, record) in records.enumerated() { try validate(record, path: "[\(index)]") }
    }

    /// Checks one record. Ids and foreign keys (`id`, `userId`) may be
    /// strings, as json-server v1 makes them.
    public func validate(_ record: JSONValue, path: String = "") throws(NetworkError) {
        let record = Self.numericIDs(record)
        switch self {
        case .todo: _ = try TodoObject(json: record, path: path)
        case .post: _ = try PostObject(json: record, path: path)
        case .comment: _ = try CommentObject(json: record, path: path)
        case .album: _ = try AlbumObject(json: record, path: path)
        case .photo: _ = try PhotoObject(json: record, path: path)
        case .user: _ = try UserObject(json: record, path: path)
        }
    }

    /// `record` with string ids (`"7"`, `"a1b2"`) standing in as numbers, so
    /// that only the other fields' types are checked.
    private static func numericIDs(_ record: JSONValue) -> JSONValue {
        guard case .object(var object) = record else { return record }
        var changed = false
        for (key, value) in object where value.stringValue != nil && (key == "id" || key.hasSuffix("Id")) {
            object[key] = .int(0)
            changed = true
        }
        return changed ? .object(object) : record
    }
}
