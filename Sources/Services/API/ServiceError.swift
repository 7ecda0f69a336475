import Networking

/// A failure of the service layer, as data: what kind of failure it is and
/// why. Services knows no words: `Modules` says each reason in one line
/// (`ServiceError.message`, `shortReason`, in the language of the run).
public struct ServiceError: Error, Sendable, Equatable {
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

    /// Why it failed, as data.
    public enum Reason: Sendable, Equatable {
        /// Words already made: by a layer above that words its own failures
        /// (GraphQL, snapshot), or by the source (an untranslated detail).
        case text(String)
        /// A request failed; `advice` (words the environment or the service
        /// gave: "start `trestle serve`") follows its line when present.
        case network(NetworkError, advice: String?)
        /// `name` is no collection of the service (a name no route takes).
        case notACollection(name: String)
        /// The records of the collection `name` are read only in its list:
        /// the service takes no `GET` of one (its document writes none, or
        /// it answered 405 Method Not Allowed).
        case readInListOnly(name: String)
        /// The service answers in process: it has no operations.
        case operationsNotHere
        /// The export target `path` is a folder.
        case isDirectory(path: String)
        /// The export target's `folder` does not exist.
        case noFolder(path: String, folder: String)
        /// The export file could not be written; `reason` is the system's.
        case cannotWrite(path: String, reason: String)
    }

    public var kind: Kind
    public var reason: Reason

    public init(_ kind: Kind, _ reason: Reason) {
        self.kind = kind
        self.reason = reason
    }

    /// A failure in words already made (``Reason/text(_:)``).
    public init(_ kind: Kind, _ message: String) {
        self.init(kind, .text(message))
    }
}
