import App
import ArgumentParser
import Foundation
import TerminalUI

/// `trestle auth status`: which auth each configured service uses, and whether it works.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "The auth of the config file's services.",
        subcommands: [AuthStatusCommand.self])
}

/// `trestle auth status [--service NAME]`.
struct AuthStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Per configured service: its auth scheme and whether it works (one request; no secret printed).")

    @OptionGroup var common: CommonOptions

    func run() async throws {
        let (lines, status) = await AuthStatus.run(
            options: common.launchOptions(), environment: ProcessInfo.processInfo.environment)
        for line in lines { OutputSink.standardOutput.line(line) }
        if status != 0 { throw ExitCode(status) }
    }
}
