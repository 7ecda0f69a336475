import Foundation

/// A private home for one end-to-end run: `HOME` and the four XDG folders
/// point into a fresh temporary directory, so runs never share a cache,
/// config or log with each other or with the user.
///
/// The folder is removed by ``remove()`` or, at the latest, when the last
/// reference goes (`deinit`): a test that fails by a thrown error before
/// its `remove()`, or an app that could not start, leaves nothing behind.
public final class TemporaryHome: Sendable {
    /// The root folder (removed by ``remove()``, or with the last reference).
    public let root: URL

    public init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("trestle-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
        for folder in ["home", "cache", "state", "config"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    /// `HOME`, `XDG_CACHE_HOME`, `XDG_STATE_HOME`, `XDG_CONFIG_HOME`.
    public var environment: [String: String] {
        [
            "HOME": root.appendingPathComponent("home").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
        ]
    }

    /// The app's log file, if it wrote one (for failure messages).
    public var log: String {
        let url = root.appendingPathComponent("state/trestle/trestle.log")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? "(no log)"
    }

    /// Writes `yaml` as the user's config file
    /// (`$XDG_CONFIG_HOME/trestle/config.yaml`), read without `--config`.
    public func writeConfig(_ yaml: String) throws {
        let folder = root.appendingPathComponent("config/trestle")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try yaml.write(to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
    }

    /// Writes `yaml` as `config.yaml` in the home's root (for `--config`) and returns its URL.
    public func configFile(_ yaml: String) throws -> URL {
        let url = root.appendingPathComponent("config.yaml")
        try yaml.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A config naming one service, `shop` at `baseURL`, with `books`
    /// (labelled by `title`) and `auth` (one line of YAML, `basic: {…}`);
    /// with `openapi`, its document at `/openapi.json`.
    public static func shopConfig(baseURL: URL, auth: String, openapi: Bool = false) -> String {
        """
        services:
          - name: shop
            baseURL: \(baseURL.absoluteString)
        \(openapi ? "    openapi: /openapi.json\n" : "")    resources:
              - {name: books, label: title}
            auth:
              \(auth)
        """
    }

    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    deinit {
        remove()
    }
}
