import App
import ArgumentParser
import Foundation

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
            --data FILE, --dialect v0|v1, --fake-error-rate RATE, --fake-fail-with STATUS, --fake-slow, --mouse.
            """,
        version: TrestleVersion.current,
        subcommands: [Browse.self, Get.self, ServeCommand.self],
        defaultSubcommand: Browse.self)
}

/// The options every data-reading command shares.
struct CommonOptions: ParsableArguments {
    @Option(help: "Environment: fake, development or production (default: fake).")
    var env: String?

    @Option(name: .customLong("base-url"), help: "Base URL of any json-server-compatible service.")
    var baseURL: String?

    @Option(help: "The fake environment's artificial latency in seconds (default 0.5).")
    var delay: Double?

    @Option(help: "Per-request timeout in seconds (default 15).")
    var timeout: Double?

    @Option(help: "The fake environment's data: a json-server db file.")
    var data: String?

    @Option(name: .customLong("fake-error-rate"), help: "Share of fake requests that fail (0…1).")
    var fakeErrorRate: Double?

    @Option(name: .customLong("fake-fail-with"), help: "Make every fake request fail with this HTTP status.")
    var fakeFailWith: Int?

    @Flag(name: .customLong("fake-slow"), help: "Slow mode for demos: the fake answers after 3 s ± 0.6 s.")
    var fakeSlow = false

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String?

    @Option(help: "Read this config file instead of $XDG_CONFIG_HOME/trestle/config.yaml.")
    var config: String?

    @Option(help: "A service described in the config file's services: section (production unless --env says).")
    var service: String?

    @Option(help: "The fake environment's json-server dialect: v0 (0.17, the default) or v1 (1.0).")
    var dialect: String?

    /// The fake's latency in slow mode, in seconds.
    static let slowDelay = 3.0

    func launchOptions(theme: String? = nil) -> LaunchOptions {
        LaunchOptions(
            environment: env, baseURL: baseURL, delay: fakeSlow ? Self.slowDelay : delay, timeout: timeout,
            theme: theme, logLevel: logLevel,
            dataFile: data, fakeErrorRate: fakeErrorRate, fakeFailWith: fakeFailWith, configFile: config,
            service: service, dialect: dialect)
    }
}

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
                + "or a command line (:users 3).", valueName: "target"))
    var target: [String] = []

    @MainActor
    func run() async throws {
        let status = await AppRoot.runInteractive(
            options: common.launchOptions(theme: theme), mouse: mouse, target: target)
        if status != 0 { throw ExitCode(status) }
    }
}
