extension ResourceCatalog {
    /// The six collections of a JSONPlaceholder-style service and their relations.
    public static let jsonPlaceholder = ResourceCatalog(
        [
            ResourceDescriptor(
                name: "todos", labelField: "title", schema: .todo,
                columns: [
                    .init("id", width: .fixed(5), alignment: .right, priority: 2),
                    .init("completed", title: "Done", width: .fixed(6), alignment: .center, priority: 1),
                    .init("title", width: .flexible(weight: 1), priority: 3),
                    .init("userId", title: "User", width: .fixed(6), alignment: .right),
                ],
                relations: [.parent("user", target: "users", by: "userId")],
                toggle: .init(field: "completed", on: "done", off: "not done"),
                formFields: [
                    .init("title", .text, required: true), .init("completed", .bool),
                    .init("userId", label: "User id", .number, required: true),
                ]),
            ResourceDescriptor(
                name: "posts", labelField: "title", schema: .post,
                columns: [
                    .init("id", width: .fixed(5), alignment: .right, priority: 2),
                    .init("title", width: .flexible(weight: 2), priority: 3),
                    .init("body", width: .flexible(weight: 3)),
                    .init("userId", title: "User", width: .fixed(6), alignment: .right, priority: 1),
                ],
                relations: [.children("comments", by: "postId"), .parent("author", target: "users", by: "userId")],
                formFields: [
                    .init("title", .text, required: true), .init("body", .text),
                    .init("userId", label: "User id", .number, required: true),
                ]),
            ResourceDescriptor(
                name: "comments", labelField: "name", schema: .comment,
                columns: [
                    .init("id", width: .fixed(5), alignment: .right, priority: 2),
                    .init("name", width: .flexible(weight: 2), priority: 3),
                    .init("email", width: .flexible(weight: 1), priority: 1),
                    .init("postId", title: "Post", width: .fixed(6), alignment: .right),
                ],
                relations: [.parent("post", target: "posts", by: "postId")]),
            ResourceDescriptor(
                name: "albums", labelField: "title", schema: .album,
                columns: [
                    .init("id", width: .fixed(5), alignment: .right, priority: 2),
                    .init("title", width: .flexible(weight: 1), priority: 3),
                    .init("userId", title: "User", width: .fixed(6), alignment: .right, priority: 1),
                ],
                relations: [.children("photos", by: "albumId"), .parent("owner", target: "users", by: "userId")]),
            ResourceDescriptor(
                name: "photos", labelField: "title", schema: .photo,
                columns: [
                    .init("id", width: .fixed(5), alignment: .right, priority: 2),
                    .init("title", width: .flexible(weight: 2), priority: 3),
                    .init("url", title: "URL", width: .flexible(weight: 1)),
                    .init("albumId", title: "Album", width: .fixed(7), alignment: .right, priority: 1),
                ],
                relations: [.parent("album", target: "albums", by: "albumId")]),
            ResourceDescriptor(
                name: "users", labelField: "name", schema: .user,
                columns: [
                    .init("id", width: .fixed(4), alignment: .right, priority: 3),
                    .init("name", width: .flexible(weight: 2), priority: 4),
                    .init("username", width: .flexible(weight: 1), priority: 1),
                    .init("email", width: .flexible(weight: 2), priority: 2),
                    .init("address.city", title: "City", width: .flexible(weight: 1)),
                    .init("company.name", title: "Company", width: .flexible(weight: 1)),
                ],
                relations: [
                    .children("todos", by: "userId"), .children("posts", by: "userId"),
                    .children("albums", by: "userId"),
                ]),
        ], source: "catalog")
}
