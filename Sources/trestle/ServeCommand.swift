import App
import ArgumentParser
import Foundation
import JSONServerCore
import Serve

/// `trestle serve`: a json-server-compatible server over a data file.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a json-server db file over HTTP (default: the shipped sample data).",
        discussion: """
            With --data FILE, every write is saved to FILE before it is answered, and changes made to FILE \
            outside (an editor, git checkout) are served within a second. The shipped sample data is never \
            written to: without --data, writes stay in memory. Stop it with Ctrl-C.
            """)

    @Option(help: "Address to bind (loopback unless told otherwise).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 3000

    @Option(help: "The json-server db file to serve (default: the shipped sample data).")
    var data: String?

    @Option(help: "Delay every answer by this many milliseconds.")
    var delay = 0

    @Flag(name: .customLong("read-only"), help: "Refuse writes with 405.")
    var readOnly = false

    @Option(help: "Which json-server to behave as: v0 (0.17, the default) or v1 (1.0 beta).")
    var dialect = JSONServerDialect.v0

    @Option(
        name: .customLong("max-body"),
        help: "The largest request body accepted, in bytes or with a suffix (512k, 4m); larger is answered 413.")
    var maxBody = "4m"

    @Option(
        name: .customLong("idle-timeout"),
        help: "Close a connection that sends no complete request head, or stays idle, for this many seconds.")
    var idleTimeout: Double = 10

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, not \(port)") }
        guard delay >= 0 else { throw ValidationError("--delay must be ≥ 0 milliseconds") }
        guard ServeOptions.parseByteCount(maxBody) != nil else {
            throw ValidationError("--max-body must be a byte count such as 4194304, 512k or 4m, not \(maxBody)")
        }
        guard idleTimeout.isFinite, idleTimeout > 0, idleTimeout <= 86_400 else {
            throw ValidationError("--idle-timeout must be more than 0 and at most 86400 seconds")
        }
    }

    func run() async throws {
        guard let file = data.map({ URL(fileURLWithPath: $0) }) ?? AppRoot.shippedSampleData else {
            throw ValidationError("the shipped sample data was not found beside the executable; pass --data FILE")
        }
        // The shipped sample data is never written to, even when named with --data.
        let options = ServeOptions(
            host: host, port: port, dataURL: file, readOnly: readOnly,
            maximumBodySize: ServeOptions.parseByteCount(maxBody) ?? ServeOptions.defaultMaximumBodySize,
            keepsWrites: data != nil && !readOnly && !SampleDataFile.isShipped(file),
            dialect: dialect,
            idleTimeout: .milliseconds(Int((idleTimeout * 1000).rounded()))
        )
        .withDelay(milliseconds: delay)
        let status = await ServeLauncher.run(options: options)
        if status != 0 { throw ExitCode(status) }
    }
}
