import Foundation

/// Where one secret of a service's auth comes from: an environment
/// variable, a file only its owner may read, or a credential helper's
/// standard output (`pass show api/prod`, `gh auth token`).
///
/// The secret itself is never kept here: only where to find it, which is
/// what `:curl` and `trestle auth status` show in its place.
public enum SecretSource: Sendable, Hashable {
    /// `{env: NAME}`.
    case environment(String)
    /// `{file: PATH}`: its first line; refused unless mode 0600 or 0400.
    case file(String)
    /// `{command: "…"}`: run by `/bin/sh -c`, its standard output trimmed.
    case command(String)

    /// What a shell would write in the secret's place: `$NAME`,
    /// `$(cat PATH)`, `$(pass show api/prod)`.
    public var shellText: String {
        switch self {
        case .environment(let name): "$" + name
        case .file(let path): "$(cat " + AuthShell.quoted(path) + ")"
        case .command(let command): "$(" + command + ")"
        }
    }

    /// Where the secret comes from, in a few words for `trestle auth status`:
    /// `$SHOP_SECRET`, `file ~/.tokens/shop`, `command "gh auth token"`.
    public var origin: String {
        switch self {
        case .environment(let name): "$" + name
        case .file(let path): "file " + path
        case .command(let command): "command \"" + command + "\""
        }
    }
}

/// Reads ``SecretSource``s: the environment and the helpers' time limit are
/// given, so tests choose them.
public struct SecretReader: Sendable {
    /// The process environment (for `{env: NAME}` and the helpers).
    public var environment: [String: String]
    /// How long a credential helper may run.
    public var helperTimeout: Duration

    /// The default time limit of a credential helper: 10 seconds.
    public static let defaultHelperTimeout = Duration.seconds(10)

    public init(environment: [String: String], helperTimeout: Duration = SecretReader.defaultHelperTimeout) {
        self.environment = environment
        self.helperTimeout = helperTimeout
    }

    /// The secret `source` holds, trimmed.
    /// - Throws: an ``AuthFailure`` naming the source (never the secret).
    public func read(_ source: SecretSource) async throws(AuthFailure) -> String {
        switch source {
        case .environment(let name):
            guard let value = TokenSource.fromEnvironment(environment, key: name) else {
                throw .variableUnset(name)
            }
            return value
        case .file(let path):
            do {
                return try TokenSource.fromFile(atPath: (path as NSString).expandingTildeInPath)
            } catch {
                throw .file(error)
            }
        case .command(let command):
            return try await CredentialHelper.run(command, environment: environment, timeout: helperTimeout)
        }
    }
}

/// Shell quoting for what `:curl` prints in a secret's place.
enum AuthShell {
    /// `text` as one single-quoted shell word.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
