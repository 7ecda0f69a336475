import Foundation
import JSONServerCore

/// How `trestle serve` runs: where it listens, what it serves, how it behaves.
public struct ServeOptions: Sendable {
    /// The address to bind, e.g. `127.0.0.1` (default) or `0.0.0.0`.
    public var host: String
    /// The TCP port; `0` picks a free one (the bound URL is reported by `onReady`).
    public var port: Int
    /// The json-server style database file, e.g. `sample-data/db.json`.
    public var dataURL: URL
    /// Extra latency added before every answer (json-server's `--delay`).
    public var delay: Duration
    /// Refuse writes with 405 (json-server's `--read-only`).
    public var readOnly: Bool
    /// The largest request body accepted, in bytes.
    public var maximumBodySize: Int
    /// Save every acknowledged write to `dataURL` and serve outside changes
    /// to it (`--data FILE`); `false` keeps writes in memory (the shipped
    /// sample data is never written to).
    public var keepsWrites: Bool
    /// How often the data file is looked at for outside changes.
    public var watchInterval: Duration
    /// Which json-server to behave as (`--dialect v0|v1`).
    public var dialect: JSONServerDialect

    /// Creates options; only the data file is required.
    public init(
        host: String = "127.0.0.1", port: Int = 3000, dataURL: URL, delay: Duration = .zero,
        readOnly: Bool = false, maximumBodySize: Int = 16 * 1024 * 1024, keepsWrites: Bool = false,
        watchInterval: Duration = .milliseconds(250), dialect: JSONServerDialect = .v0
    ) {
        self.host = host
        self.port = port
        self.dataURL = dataURL
        self.delay = delay
        self.readOnly = readOnly
        self.maximumBodySize = maximumBodySize
        self.keepsWrites = keepsWrites
        self.watchInterval = watchInterval
        self.dialect = dialect
    }

    /// The same options with the delay given in milliseconds.
    public func withDelay(milliseconds: Int) -> ServeOptions {
        var copy = self
        copy.delay = .milliseconds(max(milliseconds, 0))
        return copy
    }
}
