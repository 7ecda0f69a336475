import Foundation
import Modules
import NcursesTerminal
import Services
import TerminalUI
import TestSupport
import Testing

@testable import App

/// The runner of the start's stages, as plain values: strings and numbers stand for stages.
@Suite("Start runner: stages in order, a failure ends the run")
struct StartRunnerTests {
    private struct Boom: Error, Equatable {}

    @Test func eachStageRunsFromTheLastOnesValueInOrder() async {
        var runner = StartRunner()
        let one = await runner.run("read", 1) { $0 + 1 }
        let two = await runner.run("built", one) { $0 * 10 }
        let three = await runner.run("drawn", two) { "frame \($0)" }
        #expect(three == "frame 20")
        #expect(runner.names == ["read", "built", "drawn"])
        #expect(runner.failed == nil)
    }

    @Test func aStageThatThrowsEndsTheRunAndIsNamed() async {
        var runner = StartRunner()
        var ranAfter = false
        do throws(Boom) {
            let one = try await runner.run("read", 1) { value throws(Boom) in value }
            let two = try await runner.run("built", one) { _ throws(Boom) -> Int in throw Boom() }
            ranAfter = true
            _ = await runner.run("drawn", two) { $0 }
        } catch {
            #expect(error == Boom())
        }
        #expect(!ranAfter)
        #expect(runner.names == ["read"])
        #expect(runner.failed == "built")
    }
}

/// The start's stages over real parts: which follows which, and what each gives.
@Suite("Start stages: configured, built, requested, settled")
struct StartStagesTests {
    private static func sample(_ home: TemporaryHome) -> LaunchOptions {
        LaunchOptions(delay: 0, dataFile: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json").path)
    }

    @Test func aStartRunsItsFourStagesInOrder() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        var options = Self.sample(home)
        options.logLevel = "debug"
        let staged = try await AppRoot.stage(options: options, environment: home.environment, prefetch: true)
        #expect(staged.stages == [.configured, .built, .requested, .settled])
        #expect(staged.stages == AppRoot.Stage.allCases)
        // The log says how long each took, by name.
        let log = try String(contentsOf: staged.prepared.configuration.paths.logFile, encoding: .utf8)
        let phases = try #require(log.split(separator: "\n").first { $0.contains("start-up phases") })
        for stage in AppRoot.Stage.allCases { #expect(phases.contains("\(stage.rawValue)="), "\(phases)") }
        // The fake environment looks for no description: nothing runs on after the stages.
        #expect(staged.discovery == nil)
        #expect(staged.firstList == nil)
        #expect(staged.prepared.catalog.openingResource?.name == "todos")
        await staged.prepared.services.shutdown()
        await home.remove(after: staged.prepared.services.storage)
    }

    @Test func aConfigurationErrorEndsTheStartAtItsFirstStage() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        var runner = StartRunner()
        var options = Self.sample(home)
        options.dialect = "v2"
        await #expect(throws: ConfigurationError.self) {
            _ = try await runner.run(AppRoot.Stage.configured.rawValue, options) { options throws(ConfigurationError) in
                try await AppRoot.configure(options, environment: home.environment)
            }
        }
        #expect(runner.failed == "config")
        #expect(runner.names.isEmpty)
    }

    /// A live service: the first list's request goes out in the third
    /// stage, and the look for the description starts beside it; without
    /// `prefetch` (a launch target) no list is asked early.
    @Test func aLiveStartAsksTheFirstListAndLooksForTheDescription() async throws {
        let server = try await TestHTTPServer.start { request in
            request.path == "/todos"
                ? .json(#"[{"id": 1, "userId": 1, "title": "first", "completed": false}]"#)
                : TestHTTPResponse(status: 404)
        }
        let home = try TemporaryHome()
        let options = LaunchOptions(
            environment: "development", baseURL: server.baseURL.absoluteString, catalog: "builtin")
        let configured = try await AppRoot.configure(options, environment: home.environment)
        let built = try await AppRoot.build(configured, opensCacheLater: false, sharing: nil)
        #expect(built.startsEmpty)
        let requested = await AppRoot.request(built, prefetch: true, firstFrame: nil, headStart: .seconds(60))
        #expect(await requested.firstList?.value == true)
        _ = await requested.discovery?.value
        #expect(await server.hitCount(path: "/openapi.json") == 1)
        let unfetched = await AppRoot.request(built, prefetch: false, firstFrame: nil, headStart: .seconds(60))
        #expect(unfetched.firstList == nil)
        #expect(unfetched.discovery != nil)
        _ = await unfetched.discovery?.value
        let staged = await AppRoot.settle(requested)
        #expect(staged.prepared.configuration.baseURL == server.baseURL)
        await built.services.shutdown()
        await server.stop()
        await home.remove(after: built.services.storage)
    }

    @Test func eachFailureIsOneLineAndItsExitStatus() {
        let configuration = StartFailure.configuration(ConfigurationError("unknown dialect 'v2'"))
        #expect(configuration.status == 2)
        #expect(configuration.line == "trestle: unknown dialect 'v2'")
        let target = StartFailure.launchTarget(CommandParser.Failure(message: "unknown resource 'nope'"))
        #expect(target.status == 2)
        let terminal = StartFailure.terminal(.termUnset)
        #expect(terminal.status == 1)
        #expect(terminal.line == TerminalStartError.termUnset.description)
        for failure in [configuration, target, terminal] { #expect(!failure.line.contains("\n")) }
    }
}

/// The interactive run's steps on a terminal in memory: what each failure
/// ends with, and a plain start through to the end of its keys.
/// (A step that fails to end the start would leave the run in its key loop: the time limit says so.)
@MainActor
@Suite("Interactive start: steps and their failures", .timeLimit(.minutes(1)))
struct InteractiveStartTests {
    private static func sample(_ home: TemporaryHome) -> LaunchOptions {
        LaunchOptions(delay: 0, dataFile: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json").path)
    }

    /// Runs a start on `terminal` (or a terminal that cannot start); returns its status and its lines.
    private func run(
        _ options: LaunchOptions, target: [String] = [], home: TemporaryHome, terminal: KeyedMemoryTerminal?
    ) async -> (status: Int32, lines: [String]) {
        var lines: [String] = []
        var start = InteractiveStart(options: options, target: target, environment: home.environment)
        start.report = { lines.append($0) }
        let status = await start.run { () throws(TerminalStartError) -> KeyedMemoryTerminal in
            guard let terminal else { throw TerminalStartError.termUnset }
            return terminal
        }
        return (status, lines)
    }

    @Test func aConfigurationErrorLeavesTheScreenWithOneLineAndStatusTwo() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        var options = Self.sample(home)
        options.dialect = "v2"
        let terminal = KeyedMemoryTerminal()
        let (status, lines) = await run(options, home: home, terminal: terminal)
        #expect(status == 2)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("trestle: ") == true, "\(lines)")
        #expect(terminal.isStopped)
        #expect(terminal.screen.flushCount == 0)
    }

    /// A typo of a catalog name (`todoz`); a name close to nothing the
    /// catalog has, or only to a command (`nope` ~ `ops`), is opened as a
    /// collection the service may have.
    @Test func aLaunchTargetTheCatalogDoesNotKnowIsStatusTwo() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        let terminal = KeyedMemoryTerminal()
        let (status, lines) = await run(Self.sample(home), target: ["todoz"], home: home, terminal: terminal)
        #expect(status == 2)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("did you mean trestle todos?") == true, "\(lines)")
        #expect(terminal.isStopped)
    }

    @Test func aTerminalThatCannotStartIsStatusOne() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        let (status, lines) = await run(Self.sample(home), home: home, terminal: nil)
        #expect(status == 1)
        #expect(lines == [TerminalStartError.termUnset.description])
    }

    @Test func aPlainStartDrawsTheFirstListAndEndsWithItsKeys() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        let terminal = KeyedMemoryTerminal()
        let running = Task { @MainActor in await run(Self.sample(home), home: home, terminal: terminal) }
        let deadline = ContinuousClock.now + .seconds(60)
        while !terminal.screen.text.contains("linen lantern hazel granite"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(terminal.screen.text.contains("todos"), "\(terminal.screen.text)")
        terminal.endKeys()
        let (status, lines) = await running.value
        #expect(status == 0)
        #expect(lines.isEmpty)
        #expect(terminal.isStopped)
    }
}

/// A terminal in memory with keys the test sends and a stop it can see.
@MainActor
final class KeyedMemoryTerminal: KeyedTerminal {
    let screen = InMemoryTerminal(size: Size(rows: 24, cols: 100))
    private let stream: AsyncStream<Key>
    private let continuation: AsyncStream<Key>.Continuation
    private(set) var isStopped = false

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Key.self)
    }

    var colorMode: ColorMode { .none }
    var size: Size { screen.size }
    func clear() { screen.clear() }
    func write(_ text: String, row: Int, col: Int, style: Style) {
        screen.write(text, row: row, col: col, style: style)
    }
    func fill(row: Int, col: Int, width: Int, style: Style) {
        screen.fill(row: row, col: col, width: width, style: style)
    }
    func flush() { screen.flush() }
    func sendRaw(_ sequence: String) { screen.sendRaw(sequence) }
    func keys() -> AsyncStream<Key> { stream }
    /// No more keys: the key loop ends as at the end of input.
    func endKeys() { continuation.finish() }
    func stop() {
        isStopped = true
        continuation.finish()
    }
}
