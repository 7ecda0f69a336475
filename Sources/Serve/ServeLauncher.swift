import Foundation

/// What the `trestle serve` subcommand does once its flags are parsed:
/// load the data, print the banner when listening, serve until SIGINT/SIGTERM.
///
/// Kept here so the executable stays a thin argument parser, and so
/// `scripts/bench-serve.sh` can run the same code before the subcommand exists.
public enum ServeLauncher {
    /// Runs the server and returns the process exit status (0 after a clean
    /// shutdown, 1 when the data cannot be loaded or the port cannot be bound).
    /// `output` receives the banner; `errorOutput` receives one-line errors.
    public static func run(
        options: ServeOptions,
        output: @escaping @Sendable (String) -> Void = { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))  // unbuffered, also when piped
        },
        errorOutput: @escaping @Sendable (String) -> Void = { message in
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
    ) async -> Int32 {
        let server: TrestleServer
        do {
            server = try TrestleServer(options: options)
        } catch {
            errorOutput("trestle serve: \(error)")
            return 1
        }
        do {
            try await server.run { url in output(server.banner(url: url)) }
            return 0
        } catch {
            errorOutput("trestle serve: \(error)")
            return 1
        }
    }

    /// Parses json-server style flags (`--port N`, `--host H`, `--data FILE`
    /// or a bare FILE, `--delay MS`, `--read-only`); a failure naming
    /// the bad flag otherwise. The executable may use its own parser instead.
    public static func options(from arguments: [String]) -> Result<ServeOptions, ServeArgumentError> {
        var host = "127.0.0.1"
        var port = 3000
        var data = "sample-data/db.json"
        var delay = 0
        var readOnly = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--read-only", "--ro": readOnly = true
            case "--host", "-H", "--port", "-p", "--data", "-d", "--delay":
                guard let value = remaining.popFirst() else {
                    return .failure(ServeArgumentError("\(argument) needs a value"))
                }
                switch argument {
                case "--host", "-H": host = value
                case "--data", "-d": data = value
                case "--port", "-p":
                    guard let number = Int(value), (0...65535).contains(number) else {
                        return .failure(ServeArgumentError("invalid port \(value)"))
                    }
                    port = number
                default:
                    guard let number = Int(value), number >= 0 else {
                        return .failure(ServeArgumentError("invalid delay \(value)"))
                    }
                    delay = number
                }
            case _ where !argument.hasPrefix("-"): data = argument
            default: return .failure(ServeArgumentError("unknown option \(argument)"))
            }
        }
        let options = ServeOptions(host: host, port: port, dataURL: URL(fileURLWithPath: data), readOnly: readOnly)
        return .success(options.withDelay(milliseconds: delay))
    }
}

/// A command-line flag `ServeLauncher.options(from:)` could not accept.
public struct ServeArgumentError: Error, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `invalid port abc`.
    public var description: String

    init(_ description: String) { self.description = description }
}
