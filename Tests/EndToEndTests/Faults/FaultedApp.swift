import Foundation
import TestSupport
import Testing

/// The app in tmux against a ``FaultHTTPServer`` (production environment,
/// `--base-url` the server), with the checks every fault ends with.
struct FaultedApp {
    let app: RunningApp
    let server: FaultHTTPServer
    /// The pane's title before the app drew anything hostile.
    let initialTitle: String

    var session: TmuxSession { app.session }

    /// Starts a server over `database` (the sample data when nil), sets it
    /// up (`before`: faults from the first request on) and the app against it, runs `body`, and stops both however `body` ends.
    static func run(
        database: String? = nil, extra: [String] = [], reportingExit: Bool = false,
        before: (FaultHTTPServer) -> Void = { _ in }, _ body: (FaultedApp) async throws -> Void
    ) async throws {
        let server = try database.map(FaultHTTPServer.start(json:)) ?? FaultHTTPServer.start(file: SampleData.file)
        defer { server.stop() }
        before(server)
        let app = try RunningApp(
            ["--env", "production", "--base-url", server.baseURLString, "--delay", "0"] + extra,
            reportingExit: reportingExit)
        defer { app.stop() }
        // tmux ignores OSC 52 from the pane unless set-clipboard is on: turn
        // it on so that a clipboard escape that got through would show.
        try app.session.tmux(["set-option", "-g", "set-clipboard", "on"])
        let faulted = FaultedApp(app: app, server: server, initialTitle: try app.session.paneFormat("#{pane_title}"))
        try await body(faulted)
    }

    /// Injects `fault` for GETs of `path`, always.
    func failReads(of path: String, with fault: NetworkFault, times: Int? = nil) {
        server.clearFaults()
        server.inject(FaultRule(fault, method: "GET", path: path, times: times))
    }

    /// Waits until the server has answered a GET of `path` and nothing is
    /// loading any more (no spinner in the status line). A detail shows its
    /// row from the list at once and loads the record behind it; a reload
    /// pressed while that load is in flight shares it and sends nothing, so
    /// a fault injected before it would never be asked for.
    func eventuallySettled(after path: String) async throws {
        try await session.eventually("GET \(path) asked for") { _ in server.count("GET", path: path) > 0 }
        try await settled("GET \(path)")
    }

    /// Waits until the screen shows the one-line error with “r to retry”.
    @discardableResult
    func eventuallyRetryError(_ what: String, timeout: TimeInterval = 120) async throws -> String {
        try await session.eventually("“r to retry” after \(what)", timeout: timeout) { screen in
            screen.contains("r to retry")
        }
    }

    /// The checks after every fault: alive, no backtrace, nothing escaped;
    /// with `rows`, a list still on screen (never blank once shown).
    /// Returns the problems found, described (empty when all is well).
    func problems(after what: String, expectingRows: Bool) throws -> [FaultProblem] {
        var found: [FaultProblem] = []
        let screen = try session.screen()
        if try session.paneFormat("#{pane_dead}") == "1" || !ProcessState.isAlive(try app.trestlePID()) {
            found.append(.crash(what, screen))
        } else if Self.backtraceWords.contains(where: screen.contains) {
            found.append(.crash(what, screen))
        }
        if expectingRows, ResourceScreen.ids(in: screen).isEmpty {
            found.append(.blank(what, screen))
        }
        found += try escapes(after: what)
        if let line = screen.components(separatedBy: "\n").first(where: { $0.contains("r to retry") }),
            !line.trimmingCharacters(in: .whitespaces).hasPrefix("✖")
        {
            found.append(.notOneLine(what, line))
        }
        return found
    }

    /// Escapes that reached the terminal: a raw escape other than SGR in
    /// the styled capture, a changed pane title, a clipboard write.
    func escapes(after what: String) throws -> [FaultProblem] {
        var found: [FaultProblem] = []
        let styled = try session.screenWithStyles()
        if let foreign = Self.foreignEscape(in: styled) { found.append(.escape(what, "capture-pane -e: \(foreign)")) }
        if let bidi = styled.unicodeScalars.first(where: { Self.bidiControls.contains($0.value) }) {
            found.append(.escape(what, String(format: "bidi control U+%04X on screen", bidi.value)))
        }
        let title = try session.paneFormat("#{pane_title}")
        if title != initialTitle { found.append(.escape(what, "pane title became “\(title)”")) }
        let buffer = try session.tmuxResult(["show-buffer"])
        if buffer.status == 0, !buffer.output.isEmpty {
            found.append(.escape(what, "tmux buffer holds “\(buffer.output.prefix(40))”"))
        }
        return found
    }

    /// Bidirectional overrides, embeddings, isolates and marks.
    static let bidiControls: Set<UInt32> = Set(0x202A...0x202E).union(0x2066...0x2069).union([0x200E, 0x200F, 0x061C])

    /// Words of a Swift crash report or a fatal error.
    static let backtraceWords = ["Fatal error", "Crash", "Backtrace", "backtrace", "Thread 0", "SIGSEGV", "SIGILL"]

    /// The first escape sequence in `styled` that is not an SGR (`ESC [ … m`).
    static func foreignEscape(in styled: String) -> String? {
        let scalars = Array(styled.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            if (0x80...0x9F).contains(value) { return String(format: "C1 control U+%04X", value) }
            guard value == 0x1B else {
                index += 1
                continue
            }
            var end = index + 1
            guard end < scalars.count, scalars[end] == "[" else {
                return "ESC " + String(String.UnicodeScalarView(scalars[end..<min(end + 8, scalars.count)]))
            }
            end += 1
            while end < scalars.count, (0x30...0x3F).contains(scalars[end].value) { end += 1 }
            guard end < scalars.count, scalars[end] == "m" else {
                return "ESC [" + String(String.UnicodeScalarView(scalars[(index + 2)..<min(end + 1, scalars.count)]))
            }
            index = end + 1
        }
        return nil
    }
}

/// What went wrong under one fault, for the tally and the failure message.
enum FaultProblem: CustomStringConvertible {
    case crash(String, String)
    case blank(String, String)
    case escape(String, String)
    case notOneLine(String, String)
    case writeLost(String, String)
    case writeRepeated(String, String)
    case unexpected(String, String)

    var description: String {
        switch self {
        case .crash(let what, let screen): "CRASH after \(what):\n\(screen)"
        case .blank(let what, let screen): "BLANK list after \(what):\n\(screen)"
        case .escape(let what, let how): "ESCAPE leaked after \(what): \(how)"
        case .notOneLine(let what, let line): "error not one line after \(what): \(line)"
        case .writeLost(let what, let how): "WRITE LOST after \(what): \(how)"
        case .writeRepeated(let what, let how): "WRITE REPEATED after \(what): \(how)"
        case .unexpected(let what, let how): "unexpected screen after \(what): \(how)"
        }
    }
}

/// Counts what a fault test found, printed for the report.
struct FaultTally {
    var tried = 0
    var problems: [FaultProblem] = []

    mutating func record(_ found: [FaultProblem]) {
        tried += 1
        problems += found
    }

    func summary(_ name: String) -> String {
        func count(_ test: (FaultProblem) -> Bool) -> Int { problems.filter(test).count }
        let crashes = count { if case .crash = $0 { true } else { false } }
        let blanks = count { if case .blank = $0 { true } else { false } }
        let escapes = count { if case .escape = $0 { true } else { false } }
        let lost = count { if case .writeLost = $0 { true } else { false } }
        let repeated = count { if case .writeRepeated = $0 { true } else { false } }
        let other = problems.count - crashes - blanks - escapes - lost - repeated
        return "FAULT TALLY \(name): tried \(tried), crashes \(crashes), escapes \(escapes), blank \(blanks), "
            + "writes lost \(lost), writes repeated \(repeated), other \(other)"
    }

    /// Prints the summary and records every problem as a test issue.
    func report(_ name: String) {
        print(summary(name))
        for problem in problems { Issue.record("\(problem)") }
    }
}

extension TmuxSession {
    /// Runs a tmux command on this session's server; throws when it fails.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try tmuxResult(arguments)
        guard result.status == 0 else { throw Failure.tmux("\(arguments.first ?? ""): \(result.output)") }
        return result.output
    }

    /// Runs a tmux command on this session's server: its status and output.
    func tmuxResult(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try Spawn.run(["tmux", "-L", socket] + arguments)
        return (result.status, String(decoding: result.stdout, as: UTF8.self))
    }
}
