import Translations

extension ResourceCatalog {
    /// The six collections of a JSONPlaceholder-style service and their
    /// relations, with column titles and form labels in the current language
    /// (how its columns are laid out is the list's: `ListColumns.builtIn`).
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
                        .init("id", kind: .identifier),
                        .init("completed", title: Texts.Catalog.done, kind: .boolean),
                        .init("title", title: Texts.Catalog.title, kind: .text),
                        .init("userId", title: Texts.Catalog.user),
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
                        .init("id", kind: .identifier),
                        .init("title", title: Texts.Catalog.title, kind: .text),
                        .init("body", title: Texts.Catalog.body, kind: .text),
                        .init("userId", title: Texts.Catalog.user),
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
                        .init("id", kind: .identifier),
                        .init("name", title: Texts.Catalog.name, kind: .text),
                        .init("email", title: Texts.Catalog.email, kind: .text),
                        .init("postId", title: Texts.Catalog.post),
                    ],
                    relations: [.parent("post", target: "posts", by: "postId")]),
                ResourceDescriptor(
                    name: "albums", labelField: "title", schema: .album,
                    columns: [
                        .init("id", kind: .identifier),
                        .init("title", title: Texts.Catalog.title, kind: .text),
                        .init("userId", title: Texts.Catalog.user),
                    ],
                    relations: [.children("photos", by: "albumId"), .parent("owner", target: "users", by: "userId")]),
                ResourceDescriptor(
                    name: "photos", labelField: "title", schema: .photo,
                    columns: [
                        .init("id", kind: .identifier),
                        .init("title", title: Texts.Catalog.title, kind: .text),
                        .init("url", title: "URL", kind: .text),
                        .init("albumId", title: Texts.Catalog.album),
                    ],
                    relations: [.parent("album", target: "albums", by: "albumId")]),
                ResourceDescriptor(
                    name: "users", labelField: "name", schema: .user,
                    columns: [
                        .init("id", kind: .identifier),
                        .init("name", title: Texts.Catalog.name, kind: .text),
                        .init("username", title: Texts.Catalog.username, kind: .text),
                        .init("email", title: Texts.Catalog.email, kind: .text),
                        .init("address.city", title: Texts.Catalog.city, kind: .text),
                        .init("company.name", title: Texts.Catalog.company, kind: .text),
                    ],
                    relations: [
                        .children("todos", by: "userId"), .children("posts", by: "userId"),
                        .children("albums", by: "userId"),
                    ]),
            ], source: "catalog", opening: .resource("todos"))
    }
}
