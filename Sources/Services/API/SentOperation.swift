import Foundation

/// An operation a request of the history was sent by, read back from the
/// request itself: for a backend whose operations all go to one URL (a
/// GraphQL mutation is a `POST /graphql`), the method and target do not
/// say which operation it was, its body does.
public struct SentOperation: Sendable, Equatable {
    /// The operation's method and concrete path (`POST`, `/authors/2/renameAuthor`).
    public var method: String
    public var path: String
    /// The form's body fields as they were sent, by field name (`input.title`).
    public var bodyValues: [String: String]

    public init(method: String, path: String, bodyValues: [String: String]) {
        self.method = method
        self.path = path
        self.bodyValues = bodyValues
    }
}

/// A backend that can tell which of its operations a request was
/// (`:history`'s `R`): the screens ask it with `as?`, so a backend
/// without it (REST: the method and path say) replays as before.
public protocol ReadsSentOperations: Sendable {
    /// The operation `method` `target` with `body` was sent by, if it was one.
    func sentOperation(method: String, target: String, body: Data) -> SentOperation?
}
