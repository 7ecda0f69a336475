import JSON
import Networking

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
