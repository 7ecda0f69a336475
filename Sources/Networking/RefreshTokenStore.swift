import Foundation

/// Where a signed-in person's refresh token is kept between runs (the
/// config's `store:`), as only the config says: without it the token lives
/// in memory for the run. Never the cache, the log or a screen.
public enum RefreshTokenStore: Sendable, Hashable {
    /// `{file: PATH}`: the token alone in a file made with mode 0600 (and
    /// refused when group or others may read it, as every secret file).
    case file(String)
    /// `{command: "…"}`: a credential helper that keeps it, as git's do:
    /// run as `COMMAND get` (prints the token; nothing when none),
    /// `COMMAND store` (the token on its standard input) and `COMMAND erase`.
    case command(String)

    /// Where, in a few words (`file ~/.config/trestle/shop.refresh`, `command "…"`).
    public var origin: String {
        switch self {
        case .file(let path): "file " + path
        case .command(let command): "command \"" + command + "\""
        }
    }

    /// The stored refresh token; `nil` when none is stored.
    /// - Throws: an ``AuthFailure`` for a file group or others may read, or a helper that fails.
    func load(_ reader: SecretReader) async throws(AuthFailure) -> String? {
        switch self {
        case .file(let path):
            let expanded = (path as NSString).expandingTildeInPath
            guard FileManager.default.fileExists(atPath: expanded) else { return nil }
            do {
                return try TokenSource.fromFile(atPath: expanded)
            } catch .empty {
                return nil
            } catch {
                throw .file(error)
            }
        case .command(let command):
            let token = try await CredentialHelper.run(
                command + " get", environment: reader.environment, timeout: reader.helperTimeout, emptyAllowed: true)
            return token.isEmpty ? nil : token
        }
    }

    /// Keeps `token` in place of any stored before.
    func save(_ token: String, _ reader: SecretReader) async throws(AuthFailure) {
        switch self {
        case .file(let path):
            try Self.writeFile(Data((token + "\n").utf8), to: (path as NSString).expandingTildeInPath)
        case .command(let command):
            _ = try await CredentialHelper.run(
                command + " store", environment: reader.environment, timeout: reader.helperTimeout,
                input: Data((token + "\n").utf8), emptyAllowed: true)
        }
    }

    /// Forgets the stored token (a missing file is already forgotten).
    func erase(_ reader: SecretReader) async throws(AuthFailure) {
        switch self {
        case .file(let path):
            let expanded = (path as NSString).expandingTildeInPath
            guard FileManager.default.fileExists(atPath: expanded) else { return }
            do {
                try FileManager.default.removeItem(atPath: expanded)
            } catch {
                throw .file(.unreadable(path: path, reason: "cannot remove: \(error.localizedDescription)"))
            }
        case .command(let command):
            _ = try await CredentialHelper.run(
                command + " erase", environment: reader.environment, timeout: reader.helperTimeout,
                emptyAllowed: true)
        }
    }

    /// Writes `data` to a new file beside `path`, mode 0600 from its
    /// creation (`O_EXCL`: no other's file is written through), then renames it over `path`.
    private static func writeFile(_ data: Data, to path: String) throws(AuthFailure) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .file(.unreadable(path: path, reason: "cannot write: " + String(cString: strerror(errno))))
        }
        let bytes = [UInt8](data)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .file(.unreadable(path: path, reason: "cannot write: " + reason))
        }
    }
}
