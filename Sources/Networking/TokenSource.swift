import Foundation

/// Where Trestle finds its API token: the `TRESTLE_TOKEN` environment
/// variable, or a file only its owner may read.
///
/// Pure functions: the environment and the file system are parameters.
public enum TokenSource {
    /// The environment variable that holds the token.
    public static let environmentKey = "TRESTLE_TOKEN"

    /// The token from `environment[key]`, trimmed; `nil` if unset or blank.
    public static func fromEnvironment(_ environment: [String: String], key: String = environmentKey) -> String? {
        guard let value = environment[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
        else { return nil }
        return value
    }

    /// The token in the file at `path`: its first line, trimmed.
    ///
    /// - Throws: ``TokenSourceError/insecurePermissions(path:mode:)`` unless
    ///   group and others have no access (mode 0600 or 0400), and other
    ///   ``TokenSourceError``s if it cannot be read or is empty.
    public static func fromFile(atPath path: String, fileManager: FileManager = .default) throws(TokenSourceError)
        -> String
    {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try fileManager.attributesOfItem(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
        guard let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue else {
            throw .unreadable(path: path, reason: "permissions unknown")
        }
        guard mode & 0o077 == 0 else {
            throw .insecurePermissions(path: path, mode: mode & 0o777)
        }
        guard let data = fileManager.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "cannot read")
        }
        let firstLine = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
        let token = firstLine.trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { throw .empty(path: path) }
        return token
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        return nsError.localizedDescription
    }
}
