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
        /// The operations of the service's document, put there once it is read.
        public var operations = OperationShelf()

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
        try await stage(options: options, environment: environment, prefetch: prefetch).described()
    }

    /// ``prepare(options:environment:prefetch:)`` up to the point where only
    /// the service's OpenAPI document is missing; the look for it goes on in
    /// the background, beside the first list's request (with `prefetch`).
    /// - Parameters:
    ///   - firstFrame: opened once the first frame is drawn; the look for
    ///     the document waits for it after the first list's answer.
    ///   - opensCacheLater: a first run's cache (no file yet) is not opened
    ///     until `cache.beginOpening()` (or its flush); its writes wait in memory.
    ///   - headStart: how long the look waits for those at most.
    ///   - sharing: the cache of a service already running in this run
    ///     (`:service`, `:env`): one SQLite connection, each service in its namespace.
    static func stage(
        options: LaunchOptions, environment: [String: String], prefetch: Bool, firstFrame: Latch? = nil,
        opensCacheLater: Bool = false, headStart: Duration = listHeadStart, sharing: Staged.SharedCache? = nil
    ) async throws(ConfigurationError) -> Staged {
        let clock = ContinuousClock()
        let started = clock.now
        let configuration = try await ConfigurationLoader(options: options, environment: environment).load()
        let configured = clock.now
        let sink = FileLogHandler.Sink(url: configuration.paths.logFile)
        let logger = Logger(label: "trestle") { label in
            FileLogHandler(label: label, sink: sink, level: configuration.logLevel)
        }
        // An existing cache opens on another thread while the services are
        // made and the first requests go out. A first run's (no file yet)
        // holds the run's writes in memory meanwhile, and opens at once or,
        // with `opensCacheLater`, when the caller says (after the first
        // frame: SQLite's schema work then takes no core from it).
        let storageFailures = sharing?.failures ?? StorageFailureReport()
        let cacheURL = configuration.paths.cacheDatabase
        let startsEmpty = sharing != nil || !FileManager.default.fileExists(atPath: cacheURL.path)
        let cache =
            sharing?.cache
            ?? openingCache(at: cacheURL, startsEmpty: startsEmpty, logger: logger, failures: storageFailures)
        if !opensCacheLater { cache.beginOpening() }
        let builder = configuration.serviceBuilder(environment: environment)
        let services = try await builder.build(storage: cache, logger: logger, journal: RequestJournal())
        var browsed = configuration
        if let described = services.catalog { browsed.catalog = described }
        if !browsed.usesBuiltinCatalog, browsed.catalog.source == "catalog" {
            browsed.catalog = ResourceCatalog([], source: "none")
        }
        // The convention the cache remembers of the service: its catalog is
        // shown at once, and the root is asked again in the background.
        let recall = ConventionDetection.asks(browsed) ? await ConventionRecall.read(browsed, storage: cache) : nil
        var shown = browsed
        if let recalled = recall?.discovery {
            shown = ConventionDetection.with(recalled, browsed)
            services.documents?.memory?.note(recalled.convention)
        }
        var firstList: Task<Bool, Never>?
        if prefetch, recall?.discovery == nil, OpenAPIStage.asks(browsed), let first = browsed.catalog.openingResource,
            !first.isObject
        {
            // The list that opens first (the catalog's choice) loads while
            // the document is looked for; the store shares its request with the list.
            let api = services.api
            let query = ListQuery(page: first.pageSize > 0 ? 1 : nil, limit: first.pageSize > 0 ? first.pageSize : nil)
            firstList = Task {
                await api.refreshRecords(first, query, force: false)
                let state = await api.recordList(first, query).first { _ in true }
                return state?.listing != nil && state?.error == nil
            }
        }
        let discovery: Task<Described, Never>?
        let reading = OpenAPIStage.asks(browsed) ? DocumentReading() : nil
        if OpenAPIStage.asks(browsed) {
            let looked = browsed
            // The document's paths are asked once the first list has its
            // answer and that answer's frame is drawn, or after `headStart`
            // if they are not by then: the list's request, and then its
            // frame, have the connection pool, both cores and the server to
            // themselves (the frame does not wait for the document), and a
            // list that never answers still lets the document's catalog
            // draw the first frame.
            discovery = Task { [firstList] in
                if let firstList {
                    let listAndFrame = Task {
                        if await firstList.value { await firstFrame?.wait() }
                    }
                    await listAndFrame.finished(orAfter: headStart)
                }
                return await discover(
                    looked, services: services, builder: builder, logger: logger, reading: reading, recall: recall)
            }
        } else {
            discovery = nil
        }
        let requested = clock.now
        var warnings: [String] = []
        let theme: Theme
        do {
            theme = try loadTheme(configuration)
        } catch {
            warnings.append(Texts.App.themeFallback(error: "\(error)"))
            logger.warning("theme failed", metadata: ["error": "\(error)"])
            theme = .builtinDefault
        }
        if !startsEmpty {
            // (A shared cache said its warning at the run's start.)
            _ = await cache.beginOpening().value
            if let warning = storageFailures.first { warnings.append(warning) }
        }
        logger.debug(
            "start-up phases",
            metadata: [
                "config": "\(configured - started)", "services+first requests": "\(requested - configured)",
                "theme+cache open": "\(clock.now - requested)",
            ])
        logger.info(
            "start", metadata: ["env": "\(configuration.environment.rawValue)", "base": "\(services.api.origin)"])
        let prepared = Prepared(
            configuration: shown, services: services, theme: theme, warnings: warnings, logger: logger,
            storageFailures: storageFailures)
        return Staged(
            prepared: prepared, discovery: discovery, firstList: firstList, cache: cache, reading: reading,
            recalled: recall?.discovery != nil)
    }

    /// How long the look for the service's document waits for the first
    /// list's answer before it asks anyway.
    static let listHeadStart: Duration = .milliseconds(150)

    /// How long the first frame waits for the first list's rows at most: a
    /// fast server's rows are the first frame; a slow or silent one gets the
    /// chrome and the spinner at once, never a blank terminal.
    static let firstFrameDeadline: Duration = .milliseconds(100)

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
            searchesLocally: searchesLocally(prepared.configuration),
            receivedBytes: { [activity = prepared.services.activity] in activity.receivedBytes })
        let catalog = prepared.catalog
        let navigator = ResourceNavigator(
            api: prepared.services.api, catalog: catalog, context: context,
            requests: JournalRequestLog(journal: prepared.services.journal),
            history: prepared.services.history.map {
                StoredRequestLog(recorder: $0, storage: prepared.services.storage)
            }
                ?? EmptyRequestHistory(), operations: prepared.operations)
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
        } else if let first = catalog.openingResource {
            // The catalog's choice (``ResourceCatalog/opening``); none: the start screen.
            stack.append(navigator.list(first))
        }
        let activity = prepared.services.activity
        let router = AppRouter(
            stack: stack, terminal: terminal, theme: prepared.theme,
            chrome: .init(
                environment: prepared.configuration.environment, origin: prepared.services.api.origin,
                themeName: prepared.theme.name, readOnly: prepared.configuration.readOnlySource != nil,
                service: prepared.configuration.serviceName),
            navigator: navigator, writer: writer, bindings: bindings, services: prepared.configuration.serviceNames,
            activity: { activity.inFlight }, received: { activity.receivedBytes },
            startupMessage: prepared.warnings.last.map { StatusMessage($0, .warning) })
        router.asksBeforeProduction = prepared.configuration.confirmProductionWrites
        redraw.target = router
        return router
    }

    /// Shows the run's first cache failure (a full disk, a broken file) on
    /// `router`'s status line, now or when it happens. Once per run: only
    /// the router that is drawn listens.
    @MainActor
    static func showStorageFailures(of prepared: Prepared, on router: AppRouter) {
        prepared.storageFailures.listen { [weak router] text in
            Task { @MainActor in router?.show(StatusMessage(text, .warning)) }
        }
    }

    /// Runs the interactive UI; returns the process exit status.
    ///
    /// The start runs on both cores: the configuration and the services are
    /// made, and the first list is asked for, on the cooperative pool while
    /// the terminal starts here and the cache opens beside them; the screens
    /// are made and start loading while the service's OpenAPI document is
    /// looked for. The first frame is drawn once the first list has its rows
    /// or the document is in, whichever is first; a document that changes the
    /// catalog has the screens made again, unless a key was pressed by then
    /// (a launch target waits for the document: it may name its collections).
    @MainActor
    public static func runInteractive(options: LaunchOptions, mouse: Bool = false, target: [String] = []) async
        -> Int32
    {
        let environment = ProcessInfo.processInfo.environment
        let firstFrame = Latch()
        let staging = Task.detached { () async throws(ConfigurationError) -> Staged in
            // A launch target opens on a list of its own: no first list to load early.
            try await stage(
                options: options, environment: environment, prefetch: target.isEmpty, firstFrame: firstFrame,
                opensCacheLater: true)
        }
        let started = Result { () throws(TerminalStartError) in try NcursesTerminal.start(mouse: mouse) }
        /// Leaves the screen (if it was started) before a one-line error.
        func fail(_ message: String, status: Int32, services: ServiceContainer? = nil) async -> Int32 {
            if case .success(let terminal) = started { terminal.stop() }
            printError(message)
            await services?.shutdown()
            return status
        }
        let staged: Staged
        switch await staging.result {
        case .success(let value): staged = value
        case .failure(let error): return await fail("\(error)", status: 2)
        }
        /// Where to open, in `catalog`'s names (the command line's one-line error if not).
        func launch(in catalog: ResourceCatalog) -> Result<LaunchTarget?, CommandParser.Failure> {
            Result { () throws(CommandParser.Failure) in try LaunchTarget.parse(target, resources: catalog.names) }
        }
        // A target the configured catalog does not know may be a collection
        // only the service's document names: asked again once it is in.
        let early = launch(in: staged.prepared.catalog)
        if case .failure(let error) = early, staged.discovery == nil {
            return await fail(error.message, status: 2, services: staged.prepared.services)
        }
        let terminal: NcursesTerminal
        switch started {
        case .success(let value): terminal = value
        case .failure(let error):
            let prepared = await staged.described()
            if case .failure(let unknown) = launch(in: prepared.catalog) {
                return await fail(unknown.message, status: 2, services: prepared.services)
            }
            return await fail("\(error)", status: 1, services: prepared.services)
        }
        let screens = openScreens(
            staged, terminal: terminal, colorMode: terminal.colorMode, launch: try? early.get(),
            plainStart: target.isEmpty)
        if let error = await describe(screens, staged, target: target, firstFrame: firstFrame) {
            screens.stopAll()
            return await fail(error.message, status: 2, services: staged.prepared.services)
        }
        let sessions = ServiceSessions(
            first: staged, screens: screens, terminal: terminal, colorMode: terminal.colorMode, options: options,
            environment: environment)
        for await key in terminal.keys() {
            if !sessions.handle(key) { break }
        }
        sessions.stopAll()
        terminal.stop()
        await sessions.shutdown()
        staged.prepared.logger.info("quit")
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
