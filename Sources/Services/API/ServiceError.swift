import Translations

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
        case .offline: return Texts.Service.unreachable
        case .timeout: return Texts.Service.timedOut
        case .notFound: return Texts.Service.notFound
        case .server(let status): return Texts.Service.answered(status: String(status))
        case .badData: return Texts.Service.unexpectedData
        case .cancelled: return Texts.Service.cancelled
        case .configuration: return Texts.Service.configuration
        case .other: return message
        }
    }
}
