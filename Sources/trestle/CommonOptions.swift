import App
import ArgumentParser
import Foundation
import JSONServerCore
import Translations

/// The options every data-reading command shares.
struct CommonOptions: ParsableArguments {
    @Option(help: "Environment (default: fake).")
    var env: AppEnvironment?

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

    @Option(name: .customLong("log-level"), help: "The log file's level (default: info).")
    var logLevel: LogLevelChoice?

    @Option(help: "Read this config file instead of $XDG_CONFIG_HOME/trestle/config.yaml.")
    var config: String?

    @Option(help: "A service described in the config file's services: section (production unless --env says).")
    var service: String?

    @Option(help: "The fake environment's json-server dialect: v0 (0.17, the default) or v1 (1.0).")
    var dialect: JSONServerDialect?

    @Flag(name: .customLong("read-only"), help: "Send no writes: Space, n, e and d are refused with one line.")
    var readOnly = false

    @Option(help: "The service's OpenAPI document (a file or a URL) to browse it by.")
    var openapi: String?

    @Option(help: "none browses a service only through its OpenAPI document (default: builtin).")
    var catalog: CatalogChoice?

    @Option(
        help:
            "Read the service in this convention, not the one its root shows: hal, drf, jsonapi, odata, graphql or grpc."
    )
    var convention: String?

    @Option(help: "Language of the screens: en or de (default: from LC_ALL, LC_MESSAGES or LANG).")
    var lang: String?

    /// Refuses a `--lang` Trestle has no texts in; chooses nothing (see
    /// ``launchOptions(theme:)``).
    func validate() throws {
        _ = try language()
    }

    /// The screens' language: `--lang`, else the locale's variables.
    private func language() throws -> Language {
        do {
            return try LanguageSelection.language(flag: lang, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The fake's latency in slow mode, in seconds.
    static let slowDelay = 3.0

    /// The launch's options. A command calls this once, as it starts running
    /// (after validation), and that is when the screens' language is chosen:
    /// the one process-wide setting (docs/ARCHITECTURE.md, "Texts and
    /// languages").
    func launchOptions(theme: String? = nil) -> LaunchOptions {
        Language.choose((try? language()) ?? .master)
        var options = LaunchOptions(
            environment: env?.rawValue, baseURL: baseURL, delay: fakeSlow ? Self.slowDelay : delay,
            timeout: timeout, theme: theme, logLevel: logLevel?.rawValue,
            dataFile: data, fakeErrorRate: fakeErrorRate, fakeFailWith: fakeFailWith, configFile: config,
            service: service, dialect: dialect?.rawValue, readOnly: readOnly, openapi: openapi,
            catalog: catalog?.rawValue)
        options.convention = convention
        return options
    }
}
