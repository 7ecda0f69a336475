import Foundation
import Logging
import Modules
import Services
import TerminalUI
import Translations

/// The services of an interactive run, as k9s holds contexts: the one
/// shown gets the keys; `:service NAME` and `:env NAME` switch the whole
/// browser — catalog, cache namespace, auth, history — to another, started
/// the way the run started (``AppRoot/stage(options:environment:prefetch:firstFrame:opensCacheLater:headStart:sharing:)``,
/// then ``AppRoot/openScreens(_:terminal:colorMode:launch:plainStart:)``
/// and ``AppRoot/describe(_:_:target:firstFrame:)``), or shown again with
/// its screens where they were left (``ServiceStacks``).
@MainActor
final class ServiceSessions {
    /// One service in one environment: its screens and its services.
    struct Session {
        let screens: StartScreens
        let services: ServiceContainer
        let logger: Logger
    }

    private var stacks: ServiceStacks<Session>
    private let terminal: any Terminal
    private let colorMode: ColorMode
    /// What the run was launched with: each switch starts from it.
    private let options: LaunchOptions
    private let environment: [String: String]
    /// The run's cache, shared by every service (each in its namespace).
    private let cache: AppRoot.Staged.SharedCache
    /// The switch being started, if any (one at a time).
    private var building: Task<Void, Never>?
    private var isStopped = false

    init(
        first staged: AppRoot.Staged, screens: StartScreens, terminal: any Terminal, colorMode: ColorMode,
        options: LaunchOptions, environment: [String: String]
    ) {
        let configuration = staged.prepared.configuration
        stacks = ServiceStacks(
            Session(screens: screens, services: staged.prepared.services, logger: staged.prepared.logger),
            as: .init(service: configuration.serviceName, environment: configuration.environment))
        self.terminal = terminal
        self.colorMode = colorMode
        self.options = options
        self.environment = environment
        cache = staged.sharedCache
        screens.onSwitch = { [weak self] in self?.perform($0) }
    }

    /// The screens shown now.
    var shown: StartScreens { stacks.shown.screens }

    /// A key, to the screens shown; `false` when Trestle should quit.
    func handle(_ key: Key) -> Bool {
        shown.handle(key)
    }

    /// `:service NAME` or `:env NAME` (after `yes` for production).
    func perform(_ request: SwitchRequest) {
        let target: ServiceStacks<Session>.Target
        switch request {
        case .service(let name): target = stacks.target(service: name)
        case .environment(let environment): target = stacks.target(environment: environment)
        case .curl(let input):
            open(curl: input)
            return
        }
        switch target {
        case .current:
            shown.router.show(StatusMessage(Texts.Switch.already(name: label(of: stacks.current))))
        case .kept(let key):
            show(stacks.show(key))
        case .build(let service, let environment):
            guard building == nil else { return }
            let name = label(of: .init(service: service, environment: environment ?? stacks.current.environment))
            let switching = StatusMessage(Texts.Switch.switching(name: name))
            let router = shown.router
            router.show(switching)
            building = Task { @MainActor in
                await start(service: service, environment: environment, name: name)
                // Said while it started: not what these screens say when shown again.
                router.clearMessage(switching)
                building = nil
            }
        }
    }

    /// Starts `service` in `environment` (`nil`: as launched) as the run
    /// started, and shows it; a start that fails is one line on the screens
    /// shown, which stay.
    private func start(service: String?, environment: AppEnvironment?, name: String) async {
        var options = options
        if service != options.service {
            // The launch's base URL and document belonged to its own service.
            options.service = service
            options.baseURL = nil
            options.openapi = nil
        }
        if let environment { options.environment = environment.rawValue }
        let firstFrame = Latch()
        let variables = self.environment
        guard
            let staged = await staged(
                name: name, options: options, prefetch: true, firstFrame: firstFrame,
                signIn: SignInRelay(environment: variables))
        else { return }
        let screens = AppRoot.openScreens(
            staged, terminal: terminal, colorMode: colorMode, launch: nil, plainStart: true)
        screens.onSwitch = { [weak self] in self?.perform($0) }
        let configuration = staged.prepared.configuration
        let key = ServiceStacks<Session>.Key(
            service: configuration.serviceName, environment: configuration.environment)
        let session = Session(screens: screens, services: staged.prepared.services, logger: staged.prepared.logger)
        show(stacks.show(key, made: session))
        staged.prepared.logger.info("switched", metadata: ["to": "\(name)"])
        _ = await AppRoot.describe(screens, staged, target: [], firstFrame: firstFrame)
    }

    /// `:curl-open`: the pasted command's list or record on an ad-hoc
    /// service at its base URL — production unless the run was launched in
    /// development — always started afresh (its headers may differ from a
    /// command opened before at the same base URL).
    private func open(curl input: CurlInput) {
        guard building == nil else { return }
        let name = input.baseURL
        let switching = StatusMessage(Texts.CurlIn.opening(url: input.shownURL))
        let router = shown.router
        router.show(switching)
        building = Task { @MainActor in
            await start(curl: input, name: name)
            router.clearMessage(switching)
            building = nil
        }
    }

    /// The stages of the session `name` is switched to, run off the main
    /// actor; `nil` when they failed (said on the status line) or the
    /// sessions stopped meanwhile (what was built is shut down).
    private func staged(
        name: String, options: LaunchOptions, prefetch: Bool, firstFrame: Latch, launchName: String? = nil,
        signIn: SignInRelay? = nil
    ) async -> AppRoot.Staged? {
        let variables = self.environment
        let staging = Task.detached { [cache] () async throws(ConfigurationError) -> AppRoot.Staged in
            try await AppRoot.stage(
                options: options, environment: variables, prefetch: prefetch, firstFrame: firstFrame,
                sharing: cache, launchName: launchName, signIn: signIn)
        }
        let staged: AppRoot.Staged
        switch await staging.result {
        case .success(let value): staged = value
        case .failure(let error):
            shown.router.show(StatusMessage(Texts.Switch.failed(name: name, reason: "\(error)"), .error))
            return nil
        }
        guard !isStopped else {
            await staged.prepared.services.shutdown()
            return nil
        }
        return staged
    }

    private func start(curl input: CurlInput, name: String) async {
        var options = options
        if options.environment != AppEnvironment.development.rawValue { options.environment = nil }
        options = CurlLaunch.launch(input, options: options)
        let target = input.target
        let firstFrame = Latch()
        guard
            let staged = await staged(
                name: name, options: options, prefetch: target.isEmpty, firstFrame: firstFrame,
                launchName: target.first)
        else { return }
        let launch = try? LaunchTarget.parse(target, resources: staged.prepared.catalog.names)
        let screens = AppRoot.openScreens(
            staged, terminal: terminal, colorMode: colorMode, launch: launch, plainStart: target.isEmpty)
        screens.onSwitch = { [weak self] in self?.perform($0) }
        let configuration = staged.prepared.configuration
        let key = ServiceStacks<Session>.Key(service: name, environment: configuration.environment)
        let session = Session(screens: screens, services: staged.prepared.services, logger: staged.prepared.logger)
        show(stacks.show(key, made: session))
        staged.prepared.logger.info("switched", metadata: ["to": "\(name)"])
        if let failure = await AppRoot.describe(screens, staged, target: target, firstFrame: firstFrame) {
            screens.router.show(StatusMessage(failure.message, .error))
        }
    }

    /// Suspends the screens that leave and resumes those shown again (a
    /// session just made draws its own first frame).
    private func show(_ change: ServiceStacks<Session>.Change?) {
        guard let change else { return }
        change.left.screens.suspend()
        change.shown.screens.resume()
    }

    /// How a switch names its target: the service, and the environment when `:env` changes it.
    private func label(of key: ServiceStacks<Session>.Key) -> String {
        guard let service = key.service else { return key.environment.rawValue }
        return key.environment == stacks.current.environment ? service : "\(service) (\(key.environment.rawValue))"
    }

    /// Stops every service's screens (the end of the run).
    func stopAll() {
        isStopped = true
        building?.cancel()
        for session in stacks.all { session.screens.stopAll() }
    }

    /// Finishes every service's history and closes its connections.
    func shutdown() async {
        for session in stacks.all {
            await session.services.history?.flush()
            await session.services.shutdown()
        }
    }
}
