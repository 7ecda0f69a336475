import App
import ArgumentParser
import Foundation
import TerminalUI

/// `trestle auth status`: which auth each configured service uses, and whether it works.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "The auth of the config file's services.",
        subcommands: [AuthStatusCommand.self, AuthLoginCommand.self, AuthLogoutCommand.self])
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

/// `trestle auth login SERVICE`: a person signs in (authorization code or device code).
struct AuthLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to SERVICE (auth.oauth2 flow authorizationCode or deviceCode); prints the URL or the code.")

    @Argument(help: ArgumentHelp("The config file's service.", valueName: "service")) var name: String
    @OptionGroup var common: CommonOptions

    func run() async throws {
        let status = await AuthLogin.run(
            service: name, login: true, options: common.launchOptions(),
            environment: ProcessInfo.processInfo.environment, sink: .standardOutput)
        if status != 0 { throw ExitCode(status) }
    }
}

/// `trestle auth logout SERVICE`: forget the service's tokens, the stored refresh token too.
struct AuthLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Forget SERVICE's tokens, the stored refresh token too.")

    @Argument(help: ArgumentHelp("The config file's service.", valueName: "service")) var name: String
    @OptionGroup var common: CommonOptions

    func run() async throws {
        let status = await AuthLogin.run(
            service: name, login: false, options: common.launchOptions(),
            environment: ProcessInfo.processInfo.environment, sink: .standardOutput)
        if status != 0 { throw ExitCode(status) }
    }
}
