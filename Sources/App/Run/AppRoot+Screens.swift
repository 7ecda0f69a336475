import Modules
import Services
import Synchronization
import TerminalUI

/// The start's stages after the services are built (``AppRoot/stage(options:environment:prefetch:firstFrame:opensCacheLater:headStart:sharing:)``),
/// run for the service Trestle opens on and again for each service `:service`
/// and `:env` switch to:
///
/// 1. ``AppRoot/openScreens(_:terminal:colorMode:launch:plainStart:)``:
///    the screens made from the configured catalog and started held; the
///    first frame is drawn once the first list has its rows, the document is
///    in, or ``AppRoot/firstFrameDeadline`` has passed.
/// 2. ``AppRoot/describe(_:_:target:firstFrame:)``: the service's document
///    applied to them (at once for a plain start, awaited for a launch target).
extension AppRoot {
    /// Stage one: the screens of `staged`, held until their first frame.
    /// - Parameters:
    ///   - launch: where the launch target opens (as far as the configured catalog knows it).
    ///   - plainStart: no launch target: the first collections of a document
    ///     being read are shown before the rest.
    @MainActor
    static func openScreens(
        _ staged: Staged, terminal: any Terminal, colorMode: ColorMode, launch: LaunchTarget?, plainStart: Bool
    ) -> StartScreens {
        var first = staged.prepared
        first.theme = first.theme.adapted(to: colorMode)
        let screens = StartScreens(
            router: makeRouter(first, terminal: terminal, launch: launch), first: first, terminal: terminal)
        screens.router.startHeld()
        showStorageFailures(of: first, on: screens.router)
        showRedirects(of: first, on: screens.router)
        connectSignIn(of: first, on: screens.router)
        screens.follow(staged, showsFirstCollections: plainStart)
        // The first frame waits for the first list's rows (or the document)
        // only briefly: whatever the server does, the header, the status
        // bar and the spinner are drawn by `firstFrameDeadline`.
        Task { @MainActor in
            guard (try? await Task.sleep(for: firstFrameDeadline)) != nil else { return }
            screens.releaseCurrent()
        }
        // A first run's cache opens once the first frame is drawn (or this
        // router stops: replaced by the document's, or the run ends).
        Task { @MainActor [cache = staged.cache, router = screens.router] in
            await router.nextFrame()
            cache.beginOpening()
        }
        return screens
    }

    /// Stage two: the service's document applied to `screens`. A plain
    /// start with a first list draws once that list has its rows or the
    /// document is in, whichever is first (a service slow to say it has no
    /// document does not keep the screen blank), and returns at once; a
    /// launch target waits for the document, which may name the collection
    /// it asks for. Returns the target's one-line error when the described
    /// catalog does not know it either.
    @MainActor
    static func describe(_ screens: StartScreens, _ staged: Staged, target: [String], firstFrame: Latch) async
        -> CommandParser.Failure?
    {
        if staged.firstList != nil || staged.recalled, target.isEmpty {
            if let firstList = staged.firstList {
                Task { @MainActor in
                    if await firstList.value { screens.releaseWhenShown(then: firstFrame.open) }
                }
            } else {
                // The remembered catalog is drawn at once; detection corrects it if the service changed.
                screens.releaseWhenShown(then: firstFrame.open)
            }
            Task { @MainActor in
                let (described, stopped) = await staged.describedOrStopped()
                screens.describe(described, stopped: stopped)
                screens.releaseCurrent()
            }
            return nil
        }
        if let guessed = staged.guessed, let answer = await recognisedFirst(guessed, staged),
            case let configuration = guessed.configuration(for: answer),
            let launch = try? LaunchTarget.parse(target, resources: configuration.catalog.names)
        {
            // The first page had records (a json-server's, or any): the list
            // is drawn now, and discovery's outcome is applied when it comes.
            var early = staged.prepared
            early.configuration = configuration
            screens.describe(early, launch: launch)
            screens.releaseWhenShown(then: firstFrame.open)
            Task { @MainActor in
                let described = await staged.described()
                let relaunch = try? LaunchTarget.parse(target, resources: described.catalog.names)
                screens.describe(described, launch: relaunch ?? launch)
                screens.releaseCurrent()
            }
            return nil
        }
        let prepared = await staged.described()
        do throws(CommandParser.Failure) {
            let launch = try LaunchTarget.parse(target, resources: prepared.catalog.names)
            screens.describe(prepared, launch: launch)
        } catch {
            return error
        }
        screens.releaseCurrent()
        return nil
    }

    /// What the guessed list's first page said, when it had records before
    /// discovery ended (`nil` as soon as discovery ends first, or the page
    /// had none and discovery has ended).
    private static func recognisedFirst(_ guessed: GuessedFirst, _ staged: Staged) async -> GuessedFirst.Answer? {
        let race = FirstOfTwo()
        return await withCheckedContinuation { continuation in
            race.start(continuation)
            Task {
                let answer = await guessed.recognised.value
                if answer != .nothing { race.finish(answer) }
            }
            Task {
                _ = await staged.discovery?.value
                race.finish(nil)
            }
        }
    }
}

/// The first of two tasks to say: resumes a continuation once.
private final class FirstOfTwo: Sendable {
    typealias Value = AppRoot.GuessedFirst.Answer?
    private let state = Mutex<(continuation: CheckedContinuation<Value, Never>?, done: Bool)>((nil, false))

    func start(_ continuation: CheckedContinuation<Value, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    func finish(_ value: Value) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard !state.done else { return nil }
            state.done = true
            return state.continuation
        }
        continuation?.resume(returning: value)
    }
}
