import App
import ArgumentParser
import Foundation

/// The interactive browser (the default command).
struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse", abstract: "Open the interactive browser (the default).")

    @OptionGroup var common: CommonOptions

    @Option(help: "Theme name: default, light, high-contrast, monochrome, or one of yours.")
    var theme: String?

    @Flag(help: "Enable the mouse: click selects, wheel scrolls.")
    var mouse = false

    @Argument(
        help: ArgumentHelp(
            "Where to open: a resource (photos), a record (users/3), a filtered list ('todos?userId=2'), "
                + "or a command line (:users 3).", valueName: "target"),
        completion: .custom { _, _, prefix in
            CompletionNames.resources(startingWith: prefix, environment: ProcessInfo.processInfo.environment)
        })
    var target: [String] = []

    @MainActor
    func run() async throws {
        if let first = target.first, CurlLaunch.isCurl(first) {
            // `trestle 'curl …'`: the whole command as one argument (or, with no flags, as words).
            try await open(curl: target.count == 1 ? .text(first) : .words(target))
            return
        }
        let status = await AppRoot.runInteractive(
            options: common.launchOptions(theme: theme), mouse: mouse, target: target)
        if status != 0 { throw ExitCode(status) }
    }

    /// Opens the list or record a curl command names (``CurlLaunch``); a
    /// command Trestle cannot read is one line and exit 2.
    @MainActor
    func open(curl: CurlLaunch.Given) async throws {
        let status = await CurlLaunch.run(curl, options: common.launchOptions(theme: theme), mouse: mouse)
        if status != 0 { throw ExitCode(status) }
    }
}
