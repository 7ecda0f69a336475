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
    /// The largest request body accepted, in bytes (`--max-body`); a larger
    /// one, announced or streamed, is answered 413.
    public var maximumBodySize: Int
    /// How long a connection may go without a complete request head, a body
    /// part, or a new request after its last answer before it is closed
    /// (`--idle-timeout`). An answer being prepared (`--delay`) is not idle.
    public var idleTimeout: Duration
    /// The most query parameters one request may carry; more is answered 400.
    public var maximumQueryParameters: Int
    /// The longest raw query string accepted, in bytes; longer is answered 414.
    public var maximumQueryLength: Int
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
        readOnly: Bool = false, maximumBodySize: Int = ServeOptions.defaultMaximumBodySize,
        keepsWrites: Bool = false, watchInterval: Duration = .milliseconds(250), dialect: JSONServerDialect = .v0,
        idleTimeout: Duration = ServeOptions.defaultIdleTimeout, maximumQueryParameters: Int = 1000,
        maximumQueryLength: Int = 64 * 1024
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
        self.idleTimeout = idleTimeout
        self.maximumQueryParameters = maximumQueryParameters
        self.maximumQueryLength = maximumQueryLength
    }

    /// 4 MiB: far more than any json-server record, far less than memory.
    public static let defaultMaximumBodySize = 4 * 1024 * 1024
    /// 10 seconds.
    public static let defaultIdleTimeout = Duration.seconds(10)

    /// Reads a byte count such as `4194304`, `512k`, `4m` or `1g` (binary
    /// multiples, either case, an optional trailing `b`/`iB`); `nil` for
    /// anything else, zero, or a count that does not fit.
    public static func parseByteCount(_ text: String) -> Int? {
        var digits = Substring(text.lowercased())
        for suffix in ["ib", "b"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        var multiplier = 1
        switch digits.last {
        case "k": multiplier = 1 << 10
        case "m": multiplier = 1 << 20
        case "g": multiplier = 1 << 30
        default: break
        }
        if multiplier > 1 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int(digits), count > 0 else { return nil }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }

    /// The same options with the delay given in milliseconds.
    public func withDelay(milliseconds: Int) -> ServeOptions {
        var copy = self
        copy.delay = .milliseconds(max(milliseconds, 0))
        return copy
    }
}
