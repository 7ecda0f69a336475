import App
import ArgumentParser
import Foundation
import TerminalUI

/// `trestle`: browse a REST service in the terminal.
@main
struct Trestle: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trestle",
        abstract: "Browse the resources of a REST service in the terminal.",
        discussion: """
            Environments: fake (built-in sample data, the default), development \
            (a local server, by default http://127.0.0.1:3000 — start one with \
            `trestle serve`), production (https://jsonplaceholder.typicode.com).
            Config: $XDG_CONFIG_HOME/trestle/config.yaml; TRESTLE_* variables \
            override it, flags override both. Log: $XDG_STATE_HOME/trestle/trestle.log.

            Browsing flags (see `trestle help browse` for all): --env NAME, \
            --base-url URL, --service NAME, --theme NAME, --delay SECONDS, --timeout SECONDS, \
            --data FILE, --dialect v0|v1, --fake-error-rate RATE, --fake-fail-with STATUS, --fake-slow, --read-only, --mouse.
            """,
        version: TrestleVersion.current,
        subcommands: [
            Browse.self, Get.self, ServeCommand.self, AuthCommand.self, SnapshotCommand.self, CallCommand.self,
        ],
        defaultSubcommand: Browse.self)

    /// `trestle --version` alone is answered before any argument parsing
    /// (argument-parser reflects over every command first); anything else
    /// goes the usual way: one reading of the command line, argument-parser's.
    /// What argument-parser would print itself (errors, help) goes through
    /// ``OutputSink`` too: an error quotes the words it refuses.
    static func main() async {
        if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) {
            OutputSink.standardOutput.line(TrestleVersion.current)
            return
        }
        do {
            let words = Array(CommandLine.arguments.dropFirst())
            if words.first == "curl" {
                // `trestle curl -H … URL`: every word after `curl` is curl's, none argument-parser's.
                try await Browse.parse([]).open(curl: .words(words))
                return
            }
            // The async parse: `trestle call`'s completions read the service's document.
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            end(with: error)
        }
    }

    /// argument-parser's `exit(withError:)`, its words written through ``OutputSink``.
    private static func end(with error: any Error) -> Never {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            (code == .success ? OutputSink.standardOutput : OutputSink.standardError).line(message)
        }
        Foundation.exit(code.rawValue)
    }
}
