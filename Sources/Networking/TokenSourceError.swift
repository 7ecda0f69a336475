import Translations

/// Why a token file was refused.
public enum TokenSourceError: Error, Sendable, Hashable {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// Group or others may access the file; `mode` is its permission bits.
    case insecurePermissions(path: String, mode: Int)
    /// The file holds no token.
    case empty(path: String)

    /// One line saying what to do.
    public var userMessage: String {
        switch self {
        case .unreadable(let path, let reason):
            Texts.Network.tokenUnreadable(path: path, reason: reason)
        case .insecurePermissions(let path, let mode):
            Texts.Network.tokenInsecure(path: path, mode: String(mode, radix: 8))
        case .empty(let path):
            Texts.Network.tokenEmpty(path: path)
        }
    }
}
