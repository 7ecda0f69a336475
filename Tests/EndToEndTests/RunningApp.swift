import Foundation
import TestSupport

/// The built `trestle` running in its own tmux session with a private home.
///
/// By default the shell `exec`s trestle, so the pane's process IS trestle.
/// With `reportingExit`, the shell outlives it and afterwards prints
/// `exit=<status>`, the terminal's `stty -a` and an end marker, then waits:
/// what the user's terminal looks like once the app has gone.
final class RunningApp {
    static let endMarker = "E2E-SHELL-DONE"

    let session: TmuxSession
    let home: TemporaryHome
    private let ownsHome: Bool

    init(
        _ arguments: [String] = ["--delay", "0"], cols: Int = 120, rows: Int = 40,
        environment: [String: String] = [:], reportingExit: Bool = false, directory: String? = nil,
        home: TemporaryHome? = nil, shellPrefix: String = ""
    ) throws {
        ownsHome = home == nil
        let home = try home ?? TemporaryHome()
        self.home = home
        let invocation =
            (shellPrefix.isEmpty ? "" : shellPrefix + " ")
            + ([BuiltProducts.trestle.path] + arguments).map(TmuxSession.quote).joined(separator: " ")
        var command = directory.map { "cd \(TmuxSession.quote($0)) && " } ?? ""
        if reportingExit {
            // Ctrl-C signals the whole foreground group, the shell too; like an
            // interactive shell it must survive to report. A trap (not an
            // ignore, which trestle would inherit) keeps it alive.
            command += "trap : INT; \(invocation); echo \"exit=$?\"; stty -a; echo \(Self.endMarker); exec sleep 600"
        } else {
            command += "exec \(invocation)"
        }
        // Tests write to local servers through the production environment;
        // its question before the first write is tested where it is asked for.
        // A request to a test server may wait 120 s, the suite's bound for
        // every wait: on a loaded machine the server (in the test process)
        // can answer after the default 15 s, and a timeout is not what the
        // test is about (the timeout tests give `--timeout`, which wins).
        let quiet = ["TRESTLE_CONFIRM_PRODUCTION_WRITES": "false", "TRESTLE_TIMEOUT": "120"]
        session = try TmuxSession(
            command: command, cols: cols, rows: rows,
            environment: home.environment.merging(quiet) { $1 }.merging(environment) { $1 })
    }

    /// Ends the app, its shell and its tmux server, and removes the private
    /// home unless the test lent it. Every test calls it (`defer`), however it
    /// ends: not `deinit`, which a failing test need not reach in time.
    func stop() {
        session.kill()
        if ownsHome { home.remove() }
    }

    /// The screen's lines (trailing blanks trimmed by tmux).
    func lines() throws -> [String] {
        try session.screen().components(separatedBy: "\n")
    }

    /// Waits for the todo list: the header and the `todos 200` count.
    @discardableResult
    func waitForList(count: String = "todos 200") async throws -> String {
        try await session.eventually("the todo list with “\(count)”") { screen in
            screen.contains("Trestle") && screen.contains(count) && screen.contains("Title")
        }
    }

    /// The pid of trestle itself: the pane's process when exec'd, else its child.
    func trestlePID() throws -> Int32 {
        let pane = session.panePID
        if ProcessRunner.command(of: pane) == "trestle" { return pane }
        return ProcessRunner.children(of: pane).first { ProcessRunner.command(of: $0) == "trestle" } ?? 0
    }
}

/// Reading a `capture-pane -e` screen: which line carries the cursor style.
enum StyledScreen {
    /// SGR parameter lists (`38;5;231`, `7`, `1`) used on a line.
    static func sgrParameters(in line: String) -> [String] {
        var result: [String] = []
        var rest = Substring(line)
        while let start = rest.range(of: "\u{1B}[") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(where: { $0.isLetter }) else { break }
            if after[end] == "m" { result.append(String(after[..<end])) }
            rest = after[after.index(after: end)...]
        }
        return result
    }

    /// The rendition in effect at a cell, as far as the tests care.
    struct Rendition: Equatable {
        var background: String?  // nil: the terminal's default
        var reverse = false

        var isHighlighted: Bool { background != nil || reverse }

        /// Applies one SGR parameter list (`0;1;7`, `48;5;117`, `49`).
        mutating func apply(_ parameters: String) {
            let parts =
                parameters.isEmpty
                ? [0]
                : parameters.split(separator: ";", omittingEmptySubsequences: false)
                    .map { Int($0) ?? 0 }
            var index = 0
            while index < parts.count {
                let code = parts[index]
                switch code {
                case 0: self = Rendition()
                case 7: reverse = true
                case 27: reverse = false
                case 40...47, 100...107: background = String(code)
                case 49: background = nil
                case 38, 48, 58:
                    // 38;5;N / 38;2;R;G;B: the arguments are not codes of their own.
                    let kind = index + 1 < parts.count ? parts[index + 1] : 0
                    let count = kind == 5 ? 2 : kind == 2 ? 4 : 1
                    if code == 48 {
                        background = parts[index..<min(parts.count, index + 1 + count)].map(String.init)
                            .joined(separator: ";")
                    }
                    index += count
                default: break
                }
                index += 1
            }
        }
    }

    /// Each line's text (escapes removed) with the rendition in effect at its
    /// first visible non-blank character. Renditions carry over from one
    /// line to the next, as `capture-pane -e` only writes changes.
    static func linesWithLeadingStyle(_ styled: String) -> [(String, Rendition)] {
        var rendition = Rendition()
        var result: [(String, Rendition)] = []
        for line in styled.components(separatedBy: "\n") {
            var text = ""
            var leading: Rendition?
            var characters = Array(line)[...]
            while let character = characters.popFirst() {
                if character == "\u{1B}", characters.first == "[" {
                    characters.removeFirst()
                    var parameters = ""
                    while let next = characters.popFirst() {
                        if next.isLetter || next == "~" {
                            if next == "m" { rendition.apply(parameters) }
                            break
                        }
                        parameters.append(next)
                    }
                    continue
                }
                if leading == nil && character != " " { leading = rendition }
                text.append(character)
            }
            result.append((text, leading ?? rendition))
        }
        return result
    }

    /// Whether an SGR parameter list sets a colour (foreground or background).
    static func setsColour(_ parameters: String) -> Bool {
        let parts = parameters.split(separator: ";").compactMap { Int($0) }
        var index = 0
        while index < parts.count {
            let code = parts[index]
            switch code {
            case 38, 48:
                return true
            case 30...37, 40...47, 90...97, 100...107:
                return true
            default:
                index += 1
            }
        }
        return false
    }

    /// Lines whose text contains `marker`, with their styles.
    static func line(containing marker: String, in styled: String) -> String? {
        styled.components(separatedBy: "\n").first { strip($0).contains(marker) }
    }

    /// The text of a styled line without escapes.
    static func strip(_ line: String) -> String {
        var output = ""
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if character == "\u{1B}" {
                guard let next = iterator.next() else { break }
                if next == "[" {
                    while let c = iterator.next(), !(c.isLetter || c == "~") {}
                }
                continue
            }
            output.append(character)
        }
        return output
    }
}
