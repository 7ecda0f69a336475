import ArgumentParser
import Foundation

/// `trestle serve`: a json-server-compatible server over a data file.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve a json-server db file over HTTP (default: the sample data).")

    @Option(help: "Address to bind (loopback unless told otherwise).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 3000

    @Option(help: "The json-server db file to serve (default: the shipped sample data).")
    var data: String?

    @Option(help: "Delay every answer by this many milliseconds.")
    var delay: Int?

    @Flag(name: .customLong("read-only"), help: "Refuse writes with 405.")
    var readOnly = false

    func run() async throws {
        throw ValidationError("serve is not wired yet")
    }
}
