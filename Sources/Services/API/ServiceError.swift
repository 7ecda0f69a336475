/// A failure of the service layer, in words a user can act on.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case offline
        case timeout
        case notFound
        case server(status: Int)
        case badData
        case cancelled
        case configuration
        case other
    }

    public var kind: Kind
    /// One line for the screen.
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
