import Services

/// The built-in catalog's columns as they are drawn (the JSONPlaceholder
/// collections, known by their schema): preferences like a config file's,
/// each naming alignment and priority, and a text column's weight. None
/// names a width: the ids and numbers are as wide as their values, as any
/// column's (issue 37), and a snapshot replays them the same way.
extension ListColumns {
    typealias Preferences = ResourceDescriptor.Column.Preferences

    /// Field → preferences of the collection `schema` checks.
    static func builtIn(_ schema: RecordSchema) -> [String: Preferences] {
        switch schema {
        case .todo:
            [
                "id": narrow(.right, 2), "completed": narrow(.center, 1), "title": flex(1, 3),
                "userId": narrow(.right),
            ]
        case .post:
            ["id": narrow(.right, 2), "title": flex(2, 3), "body": flex(3), "userId": narrow(.right, 1)]
        case .comment:
            ["id": narrow(.right, 2), "name": flex(2, 3), "email": flex(1, 1), "postId": narrow(.right)]
        case .album:
            ["id": narrow(.right, 2), "title": flex(1, 3), "userId": narrow(.right, 1)]
        case .photo:
            ["id": narrow(.right, 2), "title": flex(2, 3), "url": flex(1), "albumId": narrow(.right, 1)]
        case .user:
            [
                "id": narrow(.right, 3), "name": flex(2, 4), "username": flex(1, 1), "email": flex(2, 2),
                "address.city": flex(1), "company.name": flex(1),
            ]
        }
    }

    /// A column sized by its values (``ColumnWidths``), as any other.
    private static func narrow(_ alignment: Alignment = .left, _ priority: Int = 0) -> Preferences {
        Preferences(alignment: alignment.rawValue, priority: priority)
    }

    private static func flex(_ weight: Int, _ priority: Int = 0) -> Preferences {
        Preferences(weight: weight, alignment: Alignment.left.rawValue, priority: priority)
    }
}
