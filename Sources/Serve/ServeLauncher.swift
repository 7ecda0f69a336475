import Foundation
import TerminalUI

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
        // Through OutputSink (unbuffered, also when piped): the banner names
        // the data file's collections, a change line its records, and an
        // error the file's path — none reaches the terminal raw.
        output: @escaping @Sendable (String) -> Void = { OutputSink.standardOutput.line($0) },
        errorOutput: @escaping @Sendable (String) -> Void = { OutputSink.standardError.line($0) }
    ) async -> Int32 {
        let server: TrestleServer
        do {
            server = try TrestleServer(options: options)
        } catch {
            errorOutput("trestle serve: \(error)")
            return 1
        }
        do {
            try await server.run(
                onReady: { url in
                    output(server.banner(url: url))
                    output(server.writesLine)
                },
                onFileChange: { line in errorOutput("trestle serve: \(line)") })
            return 0
        } catch {
            errorOutput("trestle serve: \(error)")
            return 1
        }
    }
}
