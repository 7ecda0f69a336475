import Services

/// The built-in catalog's columns as they are drawn (the JSONPlaceholder
/// collections, known by their schema): preferences like a config file's,
/// each naming width, alignment and priority, so nothing is derived.
extension ListColumns {
    typealias Preferences = ResourceDescriptor.Column.Preferences

    /// Field → preferences of the collection `schema` checks.
    static func builtIn(_ schema: RecordSchema) -> [String: Preferences] {
        switch schema {
        case .todo:
            [
                "id": fixed(5, .right, 2), "completed": fixed(6, .center, 1), "title": flex(1, 3),
                "userId": fixed(6, .right),
            ]
        case .post:
            ["id": fixed(5, .right, 2), "title": flex(2, 3), "body": flex(3), "userId": fixed(6, .right, 1)]
        case .comment:
            ["id": fixed(5, .right, 2), "name": flex(2, 3), "email": flex(1, 1), "postId": fixed(6, .right)]
        case .album:
            ["id": fixed(5, .right, 2), "title": flex(1, 3), "userId": fixed(6, .right, 1)]
        case .photo:
            ["id": fixed(5, .right, 2), "title": flex(2, 3), "url": flex(1), "albumId": fixed(7, .right, 1)]
        case .user:
            [
                "id": fixed(4, .right, 3), "name": flex(2, 4), "username": flex(1, 1), "email": flex(2, 2),
                "address.city": flex(1), "company.name": flex(1),
            ]
        }
    }

    private static func fixed(_ cells: Int, _ alignment: Alignment = .left, _ priority: Int = 0) -> Preferences {
        Preferences(width: cells, alignment: alignment.rawValue, priority: priority)
    }

    private static func flex(_ weight: Int, _ priority: Int = 0) -> Preferences {
        Preferences(weight: weight, alignment: Alignment.left.rawValue, priority: priority)
    }
}
