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
        /// Where a person is asked to sign in (the interactive run's dialog), if anywhere.
        public var signIn: SignInRelay? = nil

        /// The resources browsed (the config file's service, or JSONPlaceholder's six).
        public var catalog: ResourceCatalog { configuration.catalog }
        /// The key map (defaults, or the config file's `keys:`).
        public var bindings: KeyBindings { configuration.keyBindings }
    }

    /// Loads configuration and builds the services (the start's stages, and
    /// the service's description awaited); errors are one line each.
    /// - Parameter prefetch: start loading the first screen's list while the
    ///   service's OpenAPI document is looked for (the interactive UI).
    public static func prepare(options: LaunchOptions, environment: [String: String], prefetch: Bool = false)
        async throws(ConfigurationError) -> Prepared
    {
        try await stage(options: options, environment: environment, prefetch: prefetch).described()
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
        let stack = openingStack(navigator, catalog: catalog, launch: launch)
        let activity = prepared.services.activity
        let router = AppRouter(
            stack: stack, terminal: terminal, theme: prepared.theme,
            chrome: .init(
                environment: prepared.configuration.environment, origin: prepared.services.api.origin,
                themeName: prepared.theme.name, readOnly: prepared.configuration.readOnlySource != nil,
                service: prepared.configuration.serviceName, insecure: prepared.configuration.transport.insecure),
            navigator: navigator, writer: writer, bindings: bindings, services: prepared.configuration.serviceNames,
            activity: { activity.inFlight }, received: { activity.receivedBytes },
            startupMessage: prepared.warnings.last.map { StatusMessage($0, .warning) })
        router.asksBeforeProduction = prepared.configuration.confirmProductionWrites
        router.views = ListViewShelf(
            storage: prepared.services.storage,
            service: "\(prepared.configuration.environment.rawValue)|\(prepared.services.api.origin)")
        redraw.target = router
        return router
    }

    /// The screens a start opens on: the start screen, and on it
    /// `launch`'s list and record — or, with no launch target, the
    /// catalog's choice (``ResourceCatalog/opening``; none: the start screen alone).
    @MainActor
    static func openingStack(_ navigator: ResourceNavigator, catalog: ResourceCatalog, launch: LaunchTarget?)
        -> [any Screen]
    {
        var stack = [navigator.start()]
        guard let launch else {
            if let first = catalog.openingResource { stack.append(navigator.list(first)) }
            return stack
        }
        guard !launch.isStartScreen else { return stack }
        let resource = navigator.resource(named: launch.resource)
        if resource.isObject { return stack + [navigator.detail(resource, id: "")] }
        stack.append(navigator.list(resource, filters: launch.filters))
        if let id = launch.id { stack.append(navigator.detail(resource, id: id)) }
        return stack
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

    /// Connects a person's sign-in to `router`: the dialog shows each step,
    /// Esc cancels the sign-in, `:logout` forgets the tokens (the stored
    /// refresh token too); a service where no person signs in is left alone.
    @MainActor
    static func connectSignIn(of prepared: Prepared, on router: AppRouter) {
        guard let session = prepared.services.grounds?.auth?.session, case .oauth2(let settings) = session.scheme,
            settings.flow.isPersonal
        else { return }
        router.onCancelSignIn = { Task { await session.cancelSignIn() } }
        router.onLogout = { [weak router] in
            Task { @MainActor in
                do throws(AuthFailure) {
                    try await session.logout()
                    router?.show(StatusMessage(Texts.SignIn.loggedOut(service: session.service)))
                } catch {
                    router?.show(StatusMessage(error.userMessage, .error))
                }
            }
        }
        prepared.signIn?.connect { [weak router] step, service in router?.showSignIn(step, service: service) }
    }

    /// Says on `router`'s status line when an answer came from another
    /// origin after a redirect (which was sent no credential): once per
    /// origin, as the journal hears of it.
    @MainActor
    static func showRedirects(of prepared: Prepared, on router: AppRouter) {
        let journal = prepared.services.journal
        let start = journal.revision
        Task { @MainActor [weak router] in
            var seen = start
            var said: Set<String> = []
            for await revision in journal.updates() where revision > seen {
                guard let router else { return }
                for entry in journal.entries().reversed() where entry.sequence > seen {
                    if let origin = entry.redirectedTo, said.insert(origin).inserted {
                        router.show(StatusMessage(Texts.Network.redirectedTo(origin: origin), .warning))
                    }
                }
                seen = revision
            }
        }
    }

    /// Runs the interactive UI (``InteractiveStart``); returns the process exit status.
    ///
    /// The start runs on both cores: the start's stages (the configuration,
    /// the services, the first list's request) on the cooperative pool while
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
        let start = InteractiveStart(options: options, target: target, environment: ProcessInfo.processInfo.environment)
        // A signal that ends the process without the main actor skips the
        // atexit hook that kills the credential helpers' groups: killed there too.
        return await start.run { () throws(TerminalStartError) in
            try NcursesTerminal.start(mouse: mouse, beforeForcedExit: { HelperGroups.killAll() })
        }
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

    /// What a command-line command (`get`, `call`, `snapshot`) runs on: the
    /// stages prepared with no stub delay unless one was asked for; `nil`
    /// once the reason it cannot start is printed (exit status 2).
    static func preparedForCommand(_ options: LaunchOptions) async -> Prepared? {
        var options = options
        if options.delay == nil { options.delay = 0 }
        do {
            return try await prepare(options: options, environment: ProcessInfo.processInfo.environment)
        } catch {
            printError("\(error)")
            return nil
        }
    }

    static func printError(_ message: String) {
        let line = message.hasPrefix("trestle: ") ? message : "trestle: \(message)"
        OutputSink.standardError.line(line)
    }
}

/// Lets screens built before the router ask it for redraws.
@MainActor
final class RedrawRelay {
    weak var target: AppRouter?

    nonisolated init() {}

    func fire() { target?.setNeedsDisplay() }
}
