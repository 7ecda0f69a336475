import Foundation
import Hummingbird
import JSON
import JSONServerCore
import Logging

/// `trestle serve`: a json-server compatible HTTP server over a data file.
///
/// Build it once (which loads and checks the data), then `run` it; `run`
/// returns when the process receives SIGINT/SIGTERM (or, with
/// `handlingSignals: false`, when its task is cancelled). It prints nothing:
/// the executable prints ``banner(url:)`` from `onReady`.
public struct TrestleServer: Sendable {
    /// The options the server was built with.
    public let options: ServeOptions
    /// The engine answering requests; shared with whoever wants to inspect writes.
    public let engine: LockedJSONServer
    /// Resource names and item counts at start, in file order.
    public let resources: [(name: String, count: Int)]
    private let logger: Logger
    /// Keeps the data file in step with the served data (`keepsWrites`).
    private let keeper: DataFileKeeper?

    /// Loads `options.dataURL`; a missing or malformed file throws a
    /// ``ServeError`` naming the file (and the line and column).
    public init(options: ServeOptions, logger: Logger? = nil) throws(ServeError) {
        let database = try ServeError.loadDatabase(at: options.dataURL)
        self.init(options: options, database: database, logger: logger)
    }

    /// Serves an already loaded database (tests, embedding).
    public init(options: ServeOptions, database: JSONDatabase, logger: Logger? = nil) {
        self.options = options
        self.engine = LockedJSONServer(database: database, readOnly: options.readOnly, dialect: options.dialect)
        self.resources = database.summary
        self.keeper = options.keepsWrites ? DataFileKeeper(url: options.dataURL, engine: engine) : nil
        self.logger = logger ?? Logger(label: "trestle.serve", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    /// `resources: users (10), posts (100), …`
    public var resourceSummary: String {
        "resources: " + resources.map { "\($0.name) (\($0.count))" }.joined(separator: ", ")
    }

    /// `Serving http://127.0.0.1:3000 — resources: users (10), posts (100), …`
    /// (with `(json-server v1)` after the URL in that dialect).
    public func banner(url: URL) -> String {
        let dialect = options.dialect == .v1 ? " (json-server v1)" : ""
        return "Serving \(url.absoluteString)\(dialect) — \(resourceSummary)"
    }

    /// Where writes go: `writes are saved to FILE`, or that they stay in memory.
    public var writesLine: String {
        if options.readOnly { return "read-only: writes are refused" }
        if options.keepsWrites {
            return "writes are saved to \(options.dataURL.path); outside changes to it are served"
        }
        return "writes stay in memory (the shipped sample data is never written to; --data FILE keeps them)"
    }

    /// How many times the data file was replaced (a batch of writes is one).
    public func savesSoFar() async -> Int {
        await keeper?.saves ?? 0
    }

    /// Runs until shut down; `onReady` gets the bound URL (with the real port
    /// when `options.port` is 0) once the server accepts connections;
    /// `onFileChange` gets one line for each outside change to the data file
    /// (served, or refused with its position; while the file is not usable,
    /// writes are answered 503 and the file is left as it is).
    public func run(
        handlingSignals: Bool = true, onReady: @escaping @Sendable (URL) async -> Void = { _ in },
        onFileChange: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws {
        let host = options.host
        let configuredPort = options.port
        let boundBase = BoundAddress(fallback: "http://\(host):\(configuredPort)")
        let limits = RequestLimits(
            maximumBodySize: options.maximumBodySize, maximumQueryParameters: options.maximumQueryParameters,
            maximumQueryLength: options.maximumQueryLength)
        let watchSeconds = options.watchInterval.components.seconds
        let responder = EngineResponder(
            engine: engine, delay: options.delay, limits: limits, keeper: keeper,
            fallbackBaseURL: { boundBase.value }, onFileChange: onFileChange,
            retryAfterSeconds: Int(max(1, watchSeconds + 1)))
        // Hummingbird's idle timer counts only complete HTTP parts (a head, a
        // body chunk, an end) as activity, and is started when the connection
        // opens: a client that sends half a head, trickles it a byte at a
        // time, stalls in its body or sits idle after an answer is closed
        // when it runs out. An answer being prepared is never idle.
        let idle = options.idleTimeout.components
        let idleNanoseconds = idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000
        let app = Application(
            responder: responder,
            server: .http1(configuration: .init(idleTimeout: .nanoseconds(max(idleNanoseconds, 1)))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: configuredPort), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuredPort
                let base = "http://\(host):\(port)"
                boundBase.value = base
                // The columns the first sort or filter waits for, then the
                // OpenAPI document clients ask for first, then the ranks.
                Task { [engine] in await engine.prepareAtLaunch() }
                if let url = URL(string: base) { await onReady(url) }
            },
            logger: logger)
        let watcher = keeper.map { keeper in
            Task { [interval = options.watchInterval] in
                while (try? await Task.sleep(for: interval)) != nil {
                    switch await keeper.checkForOutsideChange() {
                    case .none: break
                    case .reloaded(let line), .refused(let line): onFileChange(line)
                    }
                }
            }
        }
        defer { watcher?.cancel() }
        if handlingSignals {
            try await app.runService()
        } else {
            try await app.run()
        }
    }
}

/// Convenience: load `options.dataURL` and serve until SIGINT/SIGTERM.
public func runServer(options: ServeOptions, onReady: @escaping @Sendable (URL) async -> Void) async throws {
    try await TrestleServer(options: options).run(onReady: onReady)
}
