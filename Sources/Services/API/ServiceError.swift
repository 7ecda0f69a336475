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

    /// A few words for tight places ("server unreachable", "server answered 503").
    public var shortReason: String {
        switch kind {
        case .offline: return "server unreachable"
        case .timeout: return "timed out"
        case .notFound: return "not found"
        case .server(let status): return "server answered \(status)"
        case .badData: return "unexpected data"
        case .cancelled: return "cancelled"
        case .configuration: return "configuration"
        case .other: return message
        }
    }
}
