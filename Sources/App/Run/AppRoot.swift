import Foundation
import Logging
import Modules
import NcursesTerminal
import Networking
import Services
import TerminalUI
import Translations

/// The composition root: turns launch options into a running Trestle.
///
/// `main` calls `runInteractive`; tests call `makeRouter` with fakes and an
/// `InMemoryTerminal` — the same wiring, minus ncurses.
public enum AppRoot {
    /// The running executable (to find the shipped sample data and themes).
    public static var executableURL: URL {
        let proc = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if FileManager.default.fileExists(atPath: proc.path), proc.path != "/proc/self/exe" { return proc }
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// Everything but the terminal: configuration, logger, theme, storage, services.
    public struct Prepared: Sendable {
        public var configuration: AppConfiguration
        public var services: ServiceContainer
        public var theme: Theme
        public var warnings: [String]
        public var logger: Logger
        /// The cache's first failure during the run, for the status line.
        public var storageFailures = StorageFailureReport()

        /// The resources browsed (the config file's service, or JSONPlaceholder's six).
        public var catalog: ResourceCatalog { configuration.catalog }
        /// The key map (defaults, or the config file's `keys:`).
        public var bindings: KeyBindings { configuration.keyBindings }
    }

    /// Loads configuration and builds the services; errors are one line each.
    /// - Parameter prefetch: start loading the first screen's list while the
    ///   service's OpenAPI document is looked for (the interactive UI).
    public static func prepare(options: LaunchOptions, environment: [String: String], prefetch: Bool = false)
        async throws(ConfigurationError) -> Prepared
    {
        let clock = ContinuousClock()
        let started = clock.now
        let configuration = try await ConfigurationLoader(options: options, environment: environment).load()
        let configured = clock.now
        let sink = FileLogHandler.Sink(url: configuration.paths.logFile)
        let logger = Logger(label: "trestle") { label in
            FileLogHandler(label: label, sink: sink, level: configuration.logLevel)
        }
        var warnings: [String] = []
        let theme: Theme
        do {
            theme = try loadTheme(configuration)
        } catch {
            warnings.append(Texts.App.themeFallback(error: "\(error)"))
            logger.warning("theme failed", metadata: ["error": "\(error)"])
            theme = .builtinDefault
        }
        let storage: any StorageService
        let storageFailures = StorageFailureReport()
        do {
            let sqlite = try SQLiteStorageService(
                url: configuration.paths.cacheDatabase, logger: logger, failures: storageFailures)
            if let warning = sqlite.openWarning { warnings.append(warning) }
            storage = sqlite
        } catch {
            warnings.append(error.description)
            storage = InMemoryStorageService()
        }
        let stored = clock.now
        var services = try await configuration.serviceBuilder.build(
            storage: storage, logger: logger, journal: RequestJournal())
        var browsed = configuration
        if !browsed.usesBuiltinCatalog, browsed.catalog.source == "catalog" {
            browsed.catalog = ResourceCatalog([], source: "none")
        }
        if prefetch, OpenAPIStage.asks(browsed), let first = browsed.catalog.resources.first, !first.isObject {
            // The list that opens first (todos) loads while the document is
            // looked for; the store shares the request with the list.
            let api = services.api
            let query = ListQuery(page: first.pageSize > 0 ? 1 : nil, limit: first.pageSize > 0 ? first.pageSize : nil)
            Task { await api.refreshRecords(first, query, force: false) }
        }
        let (described, openapiWarning, description) = await OpenAPIStage.apply(
            browsed, documents: services.documents, logger: logger)
        browsed = described
        if let openapiWarning { warnings.append(openapiWarning) }
        if let description, !description.authSchemes.isEmpty, let live = services.api as? LiveAPIService {
            services.api = live.explainingUnauthorized(with: description.authSchemes)
        }
        if let credential = description?.credential { services.credentialPlacement?.value = credential }
        logger.debug(
            "start-up phases",
            metadata: [
                "config": "\(configured - started)", "theme+storage": "\(stored - configured)",
                "services": "\(clock.now - stored)",
            ])
        logger.info(
            "start", metadata: ["env": "\(configuration.environment.rawValue)", "base": "\(services.api.origin)"])
        return Prepared(
            configuration: browsed, services: services, theme: theme, warnings: warnings, logger: logger,
            storageFailures: storageFailures)
    }

    /// The router over the start screen with the first resource (todos) —
    /// or `launch`'s list and record — open on it, drawing on `terminal`.
    @MainActor
    public static func makeRouter(
        _ prepared: Prepared, terminal: any Terminal, now: @escaping @Sendable () -> Date = Date.init,
        writer: any FileWriting = LocalFileWriter(), launch: LaunchTarget? = nil
    ) -> AppRouter {
        let redraw = RedrawRelay()
        let bindings = prepared.bindings
        let context = ScreenContext(
            setNeedsDisplay: { redraw.fire() }, now: now, bindings: bindings,
            writeAccess: prepared.configuration.writeAccess,
            searchesLocally: searchesLocally(prepared.configuration))
        let catalog = prepared.catalog
        let navigator = ResourceNavigator(
            api: prepared.services.api, catalog: catalog, context: context,
            requests: JournalRequestLog(journal: prepared.services.journal),
            history: prepared.services.history.map {
                StoredRequestLog(recorder: $0, storage: prepared.services.storage)
            }
                ?? EmptyRequestHistory())
        var stack = [navigator.start()]
        if let launch {
            if !launch.isStartScreen {
                let resource = navigator.resource(named: launch.resource)
                if resource.isObject {
                    stack.append(navigator.detail(resource, id: ""))
                } else {
                    stack.append(navigator.list(resource, filters: launch.filters))
                    if let id = launch.id { stack.append(navigator.detail(resource, id: id)) }
                }
            }
        } else if let first = catalog.resources.first, !catalog.isFromDocument || catalog["todos"] != nil {
            // A service described by its document opens on the start screen
            // (what was discovered), unless it has todos like JSONPlaceholder:
            // then on its todos, wherever the document lists them.
            stack.append(navigator.list(catalog.isFromDocument ? catalog["todos"] ?? first : first))
        }
        let activity = prepared.services.activity
        let router = AppRouter(
            stack: stack, terminal: terminal, theme: prepared.theme,
            chrome: .init(
                environment: prepared.configuration.environment, origin: prepared.services.api.origin,
                themeName: prepared.theme.name, readOnly: prepared.configuration.readOnlySource != nil),
            navigator: navigator, writer: writer, bindings: bindings,
            activity: { activity.inFlight },
            startupMessage: prepared.warnings.last.map { StatusMessage($0, .warning) })
        redraw.target = router
        prepared.storageFailures.listen { [weak router] text in
            Task { @MainActor in router?.show(StatusMessage(text, .warning)) }
        }
        return router
    }

    /// Runs the interactive UI; returns the process exit status.
    @MainActor
    public static func runInteractive(options: LaunchOptions, mouse: Bool = false, target: [String] = []) async
        -> Int32
    {
        let prepared: Prepared
        do {
            prepared = try await prepare(
                options: options, environment: ProcessInfo.processInfo.environment, prefetch: true)
        } catch {
            printError("\(error)")
            return 2
        }
        let launch: LaunchTarget?
        do throws(CommandParser.Failure) {
            launch = try LaunchTarget.parse(target, resources: prepared.catalog.names)
        } catch {
            printError(error.message)
            await prepared.services.shutdown()
            return 2
        }
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal.start(mouse: mouse)
        } catch {
            printError("\(error)")
            await prepared.services.shutdown()
            return 1
        }
        var ready = prepared
        ready.theme = prepared.theme.adapted(to: terminal.colorMode)
        let router = makeRouter(ready, terminal: terminal, launch: launch)
        router.start()
        for await key in terminal.keys() {
            if !router.handle(key) { break }
        }
        router.stopAll()
        terminal.stop()
        await prepared.services.history?.flush()
        await prepared.services.shutdown()
        prepared.logger.info("quit")
        return 0
    }

    /// The shipped `sample-data/db.json`, found beside the executable.
    public static var shippedSampleData: URL? {
        SampleDataFile.locate(executable: executableURL)
    }

    /// Whether the service answers on this machine: the in-process fake, or
    /// a server on a loopback address (`trestle serve`); remote services keep
    /// the typing pause before a server search.
    static func searchesLocally(_ configuration: AppConfiguration) -> Bool {
        if configuration.environment == .fake { return true }
        let host = (configuration.baseURL.host ?? "").lowercased()
        return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
    }

    /// The configured theme. The shipped `default.yaml` is the built-in theme
    /// (ThemeLoaderTests checks that), so unless the user has a `default`
    /// theme of their own it costs no YAML parse (Yams compiles regular
    /// expressions on first use).
    static func loadTheme(_ configuration: AppConfiguration) throws(ThemeError) -> Theme {
        let userDefault = ThemeLoader.extensions.contains { ext in
            FileManager.default.fileExists(
                atPath: configuration.paths.userThemes.appendingPathComponent("default.\(ext)").path)
        }
        if configuration.themeName == "default" && !userDefault { return .builtinDefault }
        return try ThemeLoader.load(name: configuration.themeName, searchPaths: themeSearchPaths(configuration))
    }

    static func themeSearchPaths(_ configuration: AppConfiguration) -> [URL] {
        var paths = [configuration.paths.userThemes]
        if let shipped = ShippedFiles.locate("themes", executable: executableURL) { paths.append(shipped) }
        return paths
    }

    static func printError(_ message: String) {
        let line = message.hasPrefix("trestle: ") ? message : "trestle: \(message)"
        FileHandle.standardError.write(Data("\(line)\n".utf8))
    }
}

/// Lets screens built before the router ask it for redraws.
@MainActor
final class RedrawRelay {
    weak var target: AppRouter?

    nonisolated init() {}

    func fire() { target?.setNeedsDisplay() }
}
