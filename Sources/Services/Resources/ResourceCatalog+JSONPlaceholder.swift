extension ResourceCatalog {
    /// The six collections of a JSONPlaceholder-style service and their
    /// relations; column titles, toggle words and form labels are keys
    /// (`CatalogWord`) that Modules says in the run's language (how its
    /// columns are laid out is the list's too: `ListColumns.builtIn`).
    public static let jsonPlaceholder = makeJSONPlaceholder()

    private static func makeJSONPlaceholder() -> ResourceCatalog {
        ResourceCatalog(
            [
                ResourceDescriptor(
                    name: "todos", labelField: "title", schema: .todo,
                    columns: [
                        .init("id", kind: .identifier),
                        .init("completed", givenTitle: .builtIn(.done), kind: .boolean),
                        .init("title", givenTitle: .builtIn(.title), kind: .text),
                        .init("userId", givenTitle: .builtIn(.user)),
                    ],
                    relations: [.parent("user", target: "users", by: "userId")],
                    toggle: .init(field: "completed", on: .builtIn(.toggleOn), off: .builtIn(.toggleOff)),
                    formFields: [
                        .init("title", givenLabel: .builtIn(.title), .text, required: true),
                        .init("completed", givenLabel: .builtIn(.completed), .bool),
                        .init("userId", givenLabel: .builtIn(.userID), .number, required: true),
                    ]),
                ResourceDescriptor(
                    name: "posts", labelField: "title", schema: .post,
                    columns: [
                        .init("id", kind: .identifier),
                        .init("title", givenTitle: .builtIn(.title), kind: .text),
                        .init("body", givenTitle: .builtIn(.body), kind: .text),
                        .init("userId", givenTitle: .builtIn(.user)),
                    ],
                    relations: [.children("comments", by: "postId"), .parent("author", target: "users", by: "userId")],
                    formFields: [
                        .init("title", givenLabel: .builtIn(.title), .text, required: true),
                        .init("body", givenLabel: .builtIn(.body), .text),
                        .init("userId", givenLabel: .builtIn(.userID), .number, required: true),
                    ]),
                ResourceDescriptor(
                    name: "comments", labelField: "name", schema: .comment,
                    columns: [
                        .init("id", kind: .identifier),
                        .init("name", givenTitle: .builtIn(.name), kind: .text),
                        .init("email", givenTitle: .builtIn(.email), kind: .text),
                        .init("postId", givenTitle: .builtIn(.post)),
                    ],
                    relations: [.parent("post", target: "posts", by: "postId")]),
                ResourceDescriptor(
                    name: "albums", labelField: "title", schema: .album,
                    columns: [
                        .init("id", kind: .identifier),
                        .init("title", givenTitle: .builtIn(.title), kind: .text),
                        .init("userId", givenTitle: .builtIn(.user)),
                    ],
                    relations: [.children("photos", by: "albumId"), .parent("owner", target: "users", by: "userId")]),
                ResourceDescriptor(
                    name: "photos", labelField: "title", schema: .photo,
                    columns: [
                        .init("id", kind: .identifier),
                        .init("title", givenTitle: .builtIn(.title), kind: .text),
                        .init("url", title: "URL", kind: .text),
                        .init("albumId", givenTitle: .builtIn(.album)),
                    ],
                    relations: [.parent("album", target: "albums", by: "albumId")]),
                ResourceDescriptor(
                    name: "users", labelField: "name", schema: .user,
                    columns: [
                        .init("id", kind: .identifier),
                        .init("name", givenTitle: .builtIn(.name), kind: .text),
                        .init("username", givenTitle: .builtIn(.username), kind: .text),
                        .init("email", givenTitle: .builtIn(.email), kind: .text),
                        .init("address.city", givenTitle: .builtIn(.city), kind: .text),
                        .init("company.name", givenTitle: .builtIn(.company), kind: .text),
                    ],
                    relations: [
                        .children("todos", by: "userId"), .children("posts", by: "userId"),
                        .children("albums", by: "userId"),
                    ]),
            ], source: "catalog", opening: .resource("todos"))
    }
}
