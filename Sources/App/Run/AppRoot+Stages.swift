import Foundation
import Logging
import Modules
import Networking
import Services
import TerminalUI
import Translations

/// The start up to ``AppRoot/Staged``, as stages run in order by a
/// ``StartRunner``, each a function of the last one's value plus what the
/// start was given:
///
/// 1. ``AppRoot/configure(_:environment:)`` → ``AppRoot/Configured``: the
///    configuration read, and the log it names.
/// 2. ``AppRoot/build(_:opensCacheLater:sharing:)`` → ``AppRoot/Built``:
///    the services, built over the cache (which opens beside them).
/// 3. ``AppRoot/request(_:prefetch:firstFrame:headStart:)`` →
///    ``AppRoot/Requested``: the first requests out — the first list, and
///    the look for the service's description in the background.
/// 4. ``AppRoot/settle(_:)`` → ``AppRoot/Staged``: the theme, and an
///    existing cache open.
///
/// The first frame, the first list's answer and the description applied
/// follow in the interactive run (``AppRoot/openScreens(_:terminal:colorMode:launch:plainStart:)``,
/// ``AppRoot/describe(_:_:target:firstFrame:)``).
extension AppRoot {
    /// The stages, in the order they run, by their names in the log's `start-up phases`.
    enum Stage: String, CaseIterable, Sendable {
        case configured = "config"
        case built = "services"
        case requested = "first requests"
        case settled = "theme+cache open"
    }

    /// Runs the four stages; a configuration the services cannot be built
    /// from is one line (``ConfigurationError``).
    /// - Parameters:
    ///   - prefetch: start loading the first screen's list while the
    ///     service's description is looked for (the interactive UI).
    ///   - firstFrame: opened once the first frame is drawn; the look for
    ///     the description waits for it after the first list's answer.
    ///   - opensCacheLater: a first run's cache (no file yet) is not opened
    ///     until `cache.beginOpening()` (or its flush); its writes wait in memory.
    ///   - headStart: how long the look waits for those at most.
    ///   - sharing: the cache of a service already running in this run
    ///     (`:service`, `:env`): one SQLite connection, each service in its namespace.
    ///   - launchName: the collection the launch target names (`trestle … todos`):
    ///     of a service nobody described, asked for beside discovery (``guessFirst(_:shown:name:)``).
    static func stage(
        options: LaunchOptions, environment: [String: String], prefetch: Bool, firstFrame: Latch? = nil,
        opensCacheLater: Bool = false, headStart: Duration = listHeadStart, sharing: Staged.SharedCache? = nil,
        launchName: String? = nil, signIn: SignInRelay? = nil
    ) async throws(ConfigurationError) -> Staged {
        var runner = StartRunner()
        let configured = try await runner.run(Stage.configured.rawValue, options) {
            options throws(ConfigurationError) in
            try await configure(options, environment: environment)
        }
        let built = try await runner.run(Stage.built.rawValue, configured) { configured throws(ConfigurationError) in
            try await build(configured, opensCacheLater: opensCacheLater, sharing: sharing, signIn: signIn)
        }
        let requested = await runner.run(Stage.requested.rawValue, built) { built in
            await request(
                built, prefetch: prefetch, firstFrame: firstFrame, headStart: headStart, launchName: launchName)
        }
        var staged = await runner.run(Stage.settled.rawValue, requested) { await settle($0) }
        runner.log(to: configured.logger)
        staged.stages = runner.names.compactMap(Stage.init(rawValue:))
        return staged
    }

    /// Stage one: the configuration read, and the log it names.
    struct Configured: Sendable {
        let configuration: AppConfiguration
        /// The process's environment variables (credentials, `HOME`).
        let environment: [String: String]
        let logger: Logger
    }

    static func configure(_ options: LaunchOptions, environment: [String: String])
        async throws(ConfigurationError) -> Configured
    {
        let configuration = try await ConfigurationLoader(options: options, environment: environment).load()
        let sink = FileLogHandler.Sink(url: configuration.paths.logFile)
        let logger = Logger(label: "trestle") { label in
            FileLogHandler(label: label, sink: sink, level: configuration.logLevel)
        }
        return Configured(configuration: configuration, environment: environment, logger: logger)
    }

    /// Stage two: the services, built over the cache.
    struct Built: Sendable {
        let configured: Configured
        let services: ServiceContainer
        /// Builds them again for the service's description (``discover(_:services:builder:logger:reading:recall:)``).
        let builder: any ServiceBuilder
        let cache: OpeningStorage
        let storageFailures: StorageFailureReport
        /// No cache file before this start, or one shared: no open to wait for.
        let startsEmpty: Bool
        /// The configuration with the catalog browsed (the services' own, if they describe one).
        let browsed: AppConfiguration
        /// Where a person is asked to sign in (the interactive run's dialog), if anywhere.
        var signIn: SignInRelay? = nil
    }

    /// An existing cache opens on another thread while the services are
    /// made and the first requests go out. A first run's (no file yet)
    /// holds the run's writes in memory meanwhile, and opens at once or,
    /// with `opensCacheLater`, when the caller says (after the first frame:
    /// SQLite's schema work then takes no core from it).
    static func build(
        _ configured: Configured, opensCacheLater: Bool, sharing: Staged.SharedCache?, signIn: SignInRelay? = nil
    )
        async throws(ConfigurationError) -> Built
    {
        let configuration = configured.configuration
        let failures = sharing?.failures ?? StorageFailureReport()
        let url = configuration.paths.cacheDatabase
        let startsEmpty = sharing != nil || !FileManager.default.fileExists(atPath: url.path)
        let cache =
            sharing?.cache
            ?? openingCache(at: url, startsEmpty: startsEmpty, logger: configured.logger, failures: failures)
        if !opensCacheLater { cache.beginOpening() }
        let builder = configuration.serviceBuilder(environment: configured.environment)
        let services = try await builder.build(storage: cache, logger: configured.logger, journal: RequestJournal())
        // Before the first request: a sign-in it needs is asked for in the dialog.
        if let signIn { await services.grounds?.auth?.session.attach(signIn) }
        return Built(
            configured: configured, services: services, builder: builder, cache: cache, storageFailures: failures,
            startsEmpty: startsEmpty, browsed: browsed(configuration, services: services), signIn: signIn)
    }

    /// The catalog browsed: the services' own (a snapshot's), else the
    /// configured one — none when the built-in one is switched off and
    /// nothing else names resources.
    static func browsed(_ configuration: AppConfiguration, services: ServiceContainer) -> AppConfiguration {
        var browsed = configuration
        if let described = services.catalog { browsed.catalog = described }
        if !browsed.usesBuiltinCatalog, browsed.catalog.source == "catalog" {
            browsed.catalog = ResourceCatalog([], source: "none")
        }
        return browsed
    }

    /// Stage three: the first requests out.
    struct Requested: Sendable {
        let built: Built
        /// What the screens are made from first: `built.browsed`, or the
        /// catalog of the convention the cache remembers.
        let shown: AppConfiguration
        /// `shown` is the remembered convention's: drawn at once, while the root is asked again.
        let recalled: Bool
        let firstList: Task<Bool, Never>?
        let discovery: Task<Described, Never>?
        let reading: DocumentReading?
        /// The launch target's list, asked before discovery says what the service is.
        var guessed: GuessedFirst? = nil
    }

    /// The list a launch target names (`trestle … todos`) of a service
    /// nobody described, asked for at once instead of after discovery: the
    /// screens open on it as soon as its first page has records — on the
    /// built-in catalog when that page says the service is a json-server
    /// (json-server 1.0's page envelope), else on that list alone with the
    /// columns its records show — and discovery's outcome remakes it when it
    /// comes. A first page that fails, or has no records, waits for discovery.
    struct GuessedFirst: Sendable {
        /// What the first page said.
        enum Answer: Sendable, Equatable {
            /// A json-server 1.0 page: the built-in catalog applies.
            case jsonServer
            /// Records, in no known envelope: the list alone, columns from its records.
            case records
            /// An error, or no records: the screens wait for discovery.
            case nothing
        }

        /// The configuration with the built-in catalog the guess was made from.
        let configuration: AppConfiguration
        /// The launch target's collection.
        let name: String
        /// What the first page said, once it came.
        let recognised: Task<Answer, Never>

        /// What the screens open on for `answer`: the built-in catalog for a
        /// json-server; else only the launch target's list, described by
        /// nothing but its records (never the built-in catalog's guess).
        func configuration(for answer: Answer) -> AppConfiguration {
            guard answer == .records else { return configuration }
            var alone = UnknownService.unguessed(configuration)
            alone.catalog = ResourceCatalog([ResourceCatalog.undescribed(name)], source: nil, opening: .startScreen)
            return alone
        }
    }

    /// The convention the cache remembers of the service (its catalog is
    /// shown at once, and the root asked again in the background); else,
    /// with `prefetch`, the first list's request; and the look for the
    /// service's description.
    static func request(
        _ built: Built, prefetch: Bool, firstFrame: Latch?, headStart: Duration, launchName: String? = nil
    ) async -> Requested {
        let browsed = built.browsed
        let (shown, recall) = await remembered(built)
        let firstList = prefetch && recall?.discovery == nil ? firstList(of: shown, api: built.services.api) : nil
        let guessed = recall?.discovery == nil ? guessFirst(built, shown: shown, name: launchName) : nil
        guard OpenAPIStage.asks(browsed) else {
            return Requested(
                built: built, shown: shown, recalled: recall?.discovery != nil, firstList: firstList, discovery: nil,
                reading: nil)
        }
        let reading = DocumentReading()
        let discovery = Task { [firstList, guessed] in
            // The guessed list's request goes first: discovery waits for its
            // answer (and its frame) as it does for a first list's.
            let head = guessed.map { guessed in Task { await guessed.recognised.value != .nothing } } ?? firstList
            await waitForFirstList(head, firstFrame: firstFrame, headStart: headStart)
            return await discover(
                browsed, services: built.services, builder: built.builder, logger: built.configured.logger,
                reading: reading, recall: recall)
        }
        return Requested(
            built: built, shown: shown, recalled: recall?.discovery != nil, firstList: firstList,
            discovery: discovery, reading: reading, guessed: guessed)
    }

    /// The launch target's list (`name`) of a service nobody described,
    /// asked for now in json-server's words (its paging; the built-in
    /// catalog's descriptor when it has the list, else a plain one):
    /// `nil` when the catalog shown knows `name` already, the service is
    /// described, or `name` is an object of the built-in catalog.
    static func guessFirst(_ built: Built, shown: AppConfiguration, name: String?) -> GuessedFirst? {
        let browsed = built.browsed
        guard let name, shown.catalog[name] == nil, UnknownService.guesses(browsed), isCollectionName(name)
        else { return nil }
        let resource = browsed.catalog.descriptor(for: name)
        guard !resource.isObject else { return nil }
        let api = built.services.api
        let storage = built.cache
        let service = ConventionRecall.service(of: browsed)
        let query = ListQuery(
            page: resource.pageSize > 0 ? 1 : nil, limit: resource.pageSize > 0 ? resource.pageSize : nil)
        let known = browsed.catalog[name] != nil
        let recognised = Task { () -> GuessedFirst.Answer in
            await api.refreshRecords(resource, query, force: false)
            for await state in await api.recordList(resource, query) {
                if state.error != nil { return .nothing }
                guard let listing = state.listing else { continue }
                // json-server 1.0's envelope taught the store its dialect.
                if known, await storage.serverDialect(forService: service) == .v1 { return .jsonServer }
                return listing.items.isEmpty ? .nothing : .records
            }
            return .nothing
        }
        return GuessedFirst(configuration: browsed, name: name, recognised: recognised)
    }

    /// A launch target that is one collection's name alone (`todos`, not
    /// `users/3`, `todos?userId=2` or a command): the only one guessed.
    static func isCollectionName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 128
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.".unicodeScalars.contains(scalar)
            }
    }

    /// What the screens are made from first: the catalog of the convention
    /// the cache remembers of the service, if it remembers one, else the
    /// one browsed — none for a service nobody described (the built-in
    /// catalog is not guessed: ``UnknownService``).
    static func remembered(_ built: Built) async -> (shown: AppConfiguration, recall: ConventionRecall?) {
        let browsed = built.browsed
        guard ConventionDetection.asks(browsed) else { return (UnknownService.unguessed(browsed), nil) }
        let recall = await ConventionRecall.read(browsed, storage: built.cache)
        guard let recalled = recall.discovery else {
            // A service remembered as a json-server opens on the built-in catalog at once.
            if recall.discovered?.jsonServer == true { return (browsed, recall) }
            return (UnknownService.unguessed(browsed), recall)
        }
        built.services.documents?.memory?.note(recalled.convention)
        return (ConventionDetection.with(recalled, browsed), recall)
    }

    /// The list that opens first (the catalog's choice), loading while the
    /// description is looked for; the store shares its request with the
    /// list. `nil` when no description is looked for, or the first screen is no list.
    static func firstList(of configuration: AppConfiguration, api: any APIService) -> Task<Bool, Never>? {
        guard OpenAPIStage.asks(configuration), let first = configuration.catalog.openingResource, !first.isObject
        else { return nil }
        let query = ListQuery(page: first.pageSize > 0 ? 1 : nil, limit: first.pageSize > 0 ? first.pageSize : nil)
        return Task {
            await api.refreshRecords(first, query, force: false)
            let state = await api.recordList(first, query).first { _ in true }
            return state?.listing != nil && state?.error == nil
        }
    }

    /// The look for the description waits until the first list has its
    /// answer and that answer's frame is drawn, or `headStart` has passed:
    /// the list's request, and then its frame, have the connection pool,
    /// both cores and the server to themselves, and a list that never
    /// answers still lets the description's catalog draw the first frame.
    private static func waitForFirstList(_ firstList: Task<Bool, Never>?, firstFrame: Latch?, headStart: Duration)
        async
    {
        guard let firstList else { return }
        let listAndFrame = Task {
            if await firstList.value { await firstFrame?.wait() }
        }
        await listAndFrame.finished(orAfter: headStart)
    }

    /// Stage four: the theme, and an existing cache open (its warning,
    /// if any, is the start's status line).
    static func settle(_ requested: Requested) async -> Staged {
        let built = requested.built
        let configuration = built.configured.configuration
        let logger = built.configured.logger
        let (theme, themeWarning) = theme(configuration, logger: logger)
        var warnings = themeWarning.map { [$0] } ?? []
        if !built.startsEmpty {
            // (A shared cache said its warning at the run's start.)
            _ = await built.cache.beginOpening().value
            if let warning = built.storageFailures.first { warnings.append(warning) }
        }
        logger.info(
            "start", metadata: ["env": "\(configuration.environment.rawValue)", "base": "\(built.services.api.origin)"])
        let prepared = Prepared(
            configuration: requested.shown, services: built.services, theme: theme, warnings: warnings, logger: logger,
            storageFailures: built.storageFailures, signIn: built.signIn)
        return Staged(
            prepared: prepared, discovery: requested.discovery, firstList: requested.firstList, cache: built.cache,
            reading: requested.reading, recalled: requested.recalled, guessed: requested.guessed)
    }

    /// The configured theme; the built-in one, and a warning, when it fails.
    static func theme(_ configuration: AppConfiguration, logger: Logger) -> (Theme, warning: String?) {
        do {
            return (try loadTheme(configuration), nil)
        } catch {
            logger.warning("theme failed", metadata: ["error": "\(error)"])
            return (.builtinDefault, Texts.App.themeFallback(error: "\(error)"))
        }
    }
}
