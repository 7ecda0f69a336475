import Translations

extension ResourceCatalog {
    /// The six collections of a JSONPlaceholder-style service and their
    /// relations, with column titles and form labels in the current language.
    public static var jsonPlaceholder: ResourceCatalog {
        switch Language.current {
        case .en: english
        case .de: german
        }
    }

    private static let english = Language.$override.withValue(.en) { makeJSONPlaceholder() }
    private static let german = Language.$override.withValue(.de) { makeJSONPlaceholder() }

    private static func makeJSONPlaceholder() -> ResourceCatalog {
        ResourceCatalog(
            [
                ResourceDescriptor(
                    name: "todos", labelField: "title", schema: .todo,
                    columns: [
                        .init("id", width: .fixed(5), alignment: .right, priority: 2),
                        .init(
                            "completed", title: Texts.Catalog.done, width: .fixed(6), alignment: .center, priority: 1),
                        .init("title", title: Texts.Catalog.title, width: .flexible(weight: 1), priority: 3),
                        .init("userId", title: Texts.Catalog.user, width: .fixed(6), alignment: .right),
                    ],
                    relations: [.parent("user", target: "users", by: "userId")],
                    toggle: .init(field: "completed", on: Texts.Catalog.toggleOn, off: Texts.Catalog.toggleOff),
                    formFields: [
                        .init("title", label: Texts.Catalog.title, .text, required: true),
                        .init("completed", label: Texts.Catalog.completed, .bool),
                        .init("userId", label: Texts.Catalog.userID, .number, required: true),
                    ]),
                ResourceDescriptor(
                    name: "posts", labelField: "title", schema: .post,
                    columns: [
                        .init("id", width: .fixed(5), alignment: .right, priority: 2),
                        .init("title", title: Texts.Catalog.title, width: .flexible(weight: 2), priority: 3),
                        .init("body", title: Texts.Catalog.body, width: .flexible(weight: 3)),
                        .init("userId", title: Texts.Catalog.user, width: .fixed(6), alignment: .right, priority: 1),
                    ],
                    relations: [.children("comments", by: "postId"), .parent("author", target: "users", by: "userId")],
                    formFields: [
                        .init("title", label: Texts.Catalog.title, .text, required: true),
                        .init("body", label: Texts.Catalog.body, .text),
                        .init("userId", label: Texts.Catalog.userID, .number, required: true),
                    ]),
                ResourceDescriptor(
                    name: "comments", labelField: "name", schema: .comment,
                    columns: [
                        .init("id", width: .fixed(5), alignment: .right, priority: 2),
                        .init("name", title: Texts.Catalog.name, width: .flexible(weight: 2), priority: 3),
                        .init("email", title: Texts.Catalog.email, width: .flexible(weight: 1), priority: 1),
                        .init("postId", title: Texts.Catalog.post, width: .fixed(6), alignment: .right),
                    ],
                    relations: [.parent("post", target: "posts", by: "postId")]),
                ResourceDescriptor(
                    name: "albums", labelField: "title", schema: .album,
                    columns: [
                        .init("id", width: .fixed(5), alignment: .right, priority: 2),
                        .init("title", title: Texts.Catalog.title, width: .flexible(weight: 1), priority: 3),
                        .init("userId", title: Texts.Catalog.user, width: .fixed(6), alignment: .right, priority: 1),
                    ],
                    relations: [.children("photos", by: "albumId"), .parent("owner", target: "users", by: "userId")]),
                ResourceDescriptor(
                    name: "photos", labelField: "title", schema: .photo,
                    columns: [
                        .init("id", width: .fixed(5), alignment: .right, priority: 2),
                        .init("title", title: Texts.Catalog.title, width: .flexible(weight: 2), priority: 3),
                        .init("url", title: "URL", width: .flexible(weight: 1)),
                        .init("albumId", title: Texts.Catalog.album, width: .fixed(7), alignment: .right, priority: 1),
                    ],
                    relations: [.parent("album", target: "albums", by: "albumId")]),
                ResourceDescriptor(
                    name: "users", labelField: "name", schema: .user,
                    columns: [
                        .init("id", width: .fixed(4), alignment: .right, priority: 3),
                        .init("name", title: Texts.Catalog.name, width: .flexible(weight: 2), priority: 4),
                        .init("username", title: Texts.Catalog.username, width: .flexible(weight: 1), priority: 1),
                        .init("email", title: Texts.Catalog.email, width: .flexible(weight: 2), priority: 2),
                        .init("address.city", title: Texts.Catalog.city, width: .flexible(weight: 1)),
                        .init("company.name", title: Texts.Catalog.company, width: .flexible(weight: 1)),
                    ],
                    relations: [
                        .children("todos", by: "userId"), .children("posts", by: "userId"),
                        .children("albums", by: "userId"),
                    ]),
            ], source: "catalog", opening: .resource("todos"))
    }
}
