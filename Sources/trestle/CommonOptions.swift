import App
import ArgumentParser
import Foundation
import Translations

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

    @Flag(name: .customLong("read-only"), help: "Send no writes: Space, n, e and d are refused with one line.")
    var readOnly = false

    @Option(help: "The service's OpenAPI document (a file or a URL) to browse it by.")
    var openapi: String?

    @Option(help: "builtin (default) or none: none browses a service only through its OpenAPI document.")
    var catalog: String?

    @Option(help: "Read the service in this convention, not the one its root shows: hal, drf, jsonapi or odata.")
    var convention: String?

    @Option(help: "Language of the screens: en or de (default: from LC_ALL, LC_MESSAGES or LANG).")
    var lang: String?

    /// Chooses the language of the screens once, before anything is shown.
    func validate() throws {
        do {
            Language.choose(
                try LanguageSelection.language(flag: lang, environment: ProcessInfo.processInfo.environment))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The fake's latency in slow mode, in seconds.
    static let slowDelay = 3.0

    func launchOptions(theme: String? = nil) -> LaunchOptions {
        var options = LaunchOptions(
            environment: env, baseURL: baseURL, delay: fakeSlow ? Self.slowDelay : delay, timeout: timeout,
            theme: theme, logLevel: logLevel,
            dataFile: data, fakeErrorRate: fakeErrorRate, fakeFailWith: fakeFailWith, configFile: config,
            service: service, dialect: dialect, readOnly: readOnly, openapi: openapi, catalog: catalog)
        options.convention = convention
        return options
    }
}
