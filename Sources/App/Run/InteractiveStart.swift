import Foundation
import Modules
import NcursesTerminal
import Services
import TerminalUI

/// A terminal the interactive run reads its keys from and leaves at its
/// end: ncurses in the app, a terminal in memory in tests.
@MainActor
protocol KeyedTerminal: Terminal {
    var colorMode: ColorMode { get }
    func keys() -> AsyncStream<Key>
    func stop()
}

extension NcursesTerminal: KeyedTerminal {}

/// Why an interactive start ends before its key loop: one line for
/// standard error, and the process's exit status.
struct StartFailure: Error, Equatable {
    let message: String
    let status: Int32

    /// A configuration the run cannot start from: status 2.
    static func configuration(_ error: ConfigurationError) -> StartFailure {
        StartFailure(message: "\(error)", status: 2)
    }

    /// A launch target that neither the catalog nor the service's description knows: status 2.
    static func launchTarget(_ error: CommandParser.Failure) -> StartFailure {
        StartFailure(message: error.message, status: 2)
    }

    /// A terminal the full-screen UI cannot start on: status 1.
    static func terminal(_ error: TerminalStartError) -> StartFailure {
        StartFailure(message: "\(error)", status: 1)
    }

    /// The line for standard error, `trestle: ` first.
    var line: String { message.hasPrefix("trestle: ") ? message : "trestle: \(message)" }
}

/// The interactive run, step by step: the stages (``AppRoot/stage(options:environment:prefetch:firstFrame:opensCacheLater:headStart:sharing:)``)
/// run on the cooperative pool while the terminal starts here; then the
/// stages' outcome, the launch target resolved, the screens opened (their
/// first frame), the service's description applied, and the key loop.
/// A step that fails ends the run with a ``StartFailure``: the screen is
/// left, its one line said, the services shut down.
@MainActor
struct InteractiveStart {
    let options: LaunchOptions
    /// The launch target's words (`todos 3`); none: the catalog's first screen.
    let target: [String]
    let environment: [String: String]
    /// Where a failure's line goes (standard error).
    var report: (String) -> Void = { AppRoot.printError($0) }
    /// Opened once the first frame is drawn (the look for the description waits for it).
    let firstFrame = Latch()

    /// A failure, and the services to shut down after its line.
    struct Ended: Error {
        let failure: StartFailure
        var services: ServiceContainer? = nil
    }

    /// Runs the start and then the keys until quit; returns the exit status.
    func run<T: KeyedTerminal>(starting startTerminal: () throws(TerminalStartError) -> T) async -> Int32 {
        let staging = stage()
        let started = Result { () throws(TerminalStartError) in try startTerminal() }
        do throws(Ended) {
            let staged = try await staged(staging)
            let launch = try resolveLaunch(in: staged)
            let terminal = try await terminal(started, staged)
            let screens = AppRoot.openScreens(
                staged, terminal: terminal, colorMode: terminal.colorMode, launch: launch, plainStart: target.isEmpty)
            try await describe(screens, staged)
            return await keyLoop(staged, screens: screens, terminal: terminal)
        } catch {
            if case .success(let terminal) = started { terminal.stop() }
            report(error.failure.line)
            await error.services?.shutdown()
            return error.failure.status
        }
    }

    /// The stages, on the cooperative pool. A launch target opens on a
    /// list of its own: no first list to load early.
    private func stage() -> Task<Result<AppRoot.Staged, ConfigurationError>, Never> {
        Task.detached { [options, environment, target, firstFrame] in
            do throws(ConfigurationError) {
                return .success(
                    try await AppRoot.stage(
                        options: options, environment: environment, prefetch: target.isEmpty, firstFrame: firstFrame,
                        opensCacheLater: true, launchName: target.first,
                        signIn: SignInRelay(environment: environment)))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The stages' outcome; a configuration error ends the start.
    private func staged(_ staging: Task<Result<AppRoot.Staged, ConfigurationError>, Never>) async throws(Ended)
        -> AppRoot.Staged
    {
        switch await staging.value {
        case .success(let staged): return staged
        case .failure(let error): throw Ended(failure: .configuration(error))
        }
    }

    /// Where to open, in the configured catalog's names. A target it does
    /// not know may be a collection only the service's description names:
    /// asked again once that is in (``describe(_:_:)``); with no
    /// description to come, it ends the start.
    private func resolveLaunch(in staged: AppRoot.Staged) throws(Ended) -> LaunchTarget? {
        do throws(CommandParser.Failure) {
            return try LaunchTarget.parse(target, resources: staged.prepared.catalog.names)
        } catch {
            guard staged.discovery == nil else { return nil }
            throw Ended(failure: .launchTarget(error), services: staged.prepared.services)
        }
    }

    /// The started terminal. One the UI cannot start on ends the start —
    /// with the launch target's error instead when the described catalog
    /// does not know it either (the command line is wrong whatever the terminal).
    private func terminal<T: KeyedTerminal>(_ started: Result<T, TerminalStartError>, _ staged: AppRoot.Staged)
        async throws(Ended) -> T
    {
        switch started {
        case .success(let terminal):
            return terminal
        case .failure(let failure):
            let prepared = await staged.described()
            do throws(CommandParser.Failure) {
                _ = try LaunchTarget.parse(target, resources: prepared.catalog.names)
            } catch {
                throw Ended(failure: .launchTarget(error), services: prepared.services)
            }
            throw Ended(failure: .terminal(failure), services: prepared.services)
        }
    }

    /// The service's description applied to `screens`; a launch target the
    /// described catalog does not know either ends the start.
    private func describe(_ screens: StartScreens, _ staged: AppRoot.Staged) async throws(Ended) {
        guard let error = await AppRoot.describe(screens, staged, target: target, firstFrame: firstFrame) else {
            return
        }
        screens.stopAll()
        throw Ended(failure: .launchTarget(error), services: staged.prepared.services)
    }

    /// The keys, to the service shown (``ServiceSessions``), until quit or
    /// the end of input; then every service's screens stop and its
    /// services shut down. Status 0.
    private func keyLoop(_ staged: AppRoot.Staged, screens: StartScreens, terminal: some KeyedTerminal) async
        -> Int32
    {
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
}
