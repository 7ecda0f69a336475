/// Why a token file was refused (worded by `Modules`: `TokenSourceError.userMessage`).
public enum TokenSourceError: Error, Sendable, Hashable {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// Group or others may access the file; `mode` is its permission bits.
    case insecurePermissions(path: String, mode: Int)
    /// The file holds no token.
    case empty(path: String)
}
