import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The terminal under stress: resize storms, poor terminal types,
    /// signals, suspending and resuming, output that is not a terminal.
    /// Every exit must leave the terminal as it was (`stty -a` shows icanon
    /// and echo, the alternate screen is left).
    @Suite
    struct TerminalFaultsEndToEndTests {
        /// 50 resizes between 1x1 and 200x60 (the same ones every run),
        /// then 80x24: the list is drawn whole at 80x24 and keys still work.
        @Test func aResizeStormEndsWithTheListRedrawnAndResponsive() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            try await app.waitForList()
            let pid = try app.trestlePID()
            try #require(pid > 0)
            var generator = SplitMix(seed: 15)
            var sizes = [(1, 1), (200, 60), (1, 60), (200, 1)]
            while sizes.count < 50 {
                sizes.append((Int(generator.next() % 200) + 1, Int(generator.next() % 60) + 1))
            }
            for (cols, rows) in sizes { try app.session.resize(cols: cols, rows: rows) }
            try app.session.resize(cols: 80, rows: 24)
            let screen = try await app.session.eventually("the whole list at 80x24") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines.count >= 24 && lines[0].contains("Trestle") && lines[23].contains("FAKE")
                    && lines[23].contains("todos 200") && TableRows.ids(in: screen).prefix(3) == [1, 2, 3]
            }
            let lines = screen.components(separatedBy: "\n")
            #expect(lines.prefix(24).allSatisfy { TextWidthCount.cells($0) <= 80 }, "a line wider than 80: \(screen)")
            #expect(TableRows.ids(in: screen).count == 21, "rows shown: \(TableRows.ids(in: screen))")
            #expect(kill(pid, 0) == 0, "trestle died in the storm")
            try app.session.press("j")
            try await app.session.eventually("the cursor on todo 2 after the storm", styled: true) { styled in
                TableRows.cursorID(in: styled) == 2
            }
        }

        /// A locale nobody chose (`LANG` and `LC_ALL` empty, as in a
        /// container), `LC_ALL=C` and `LANG=POSIX`: the list still shows
        /// what is not ASCII — todo 2's Chinese title, a done todo's ✓ —
        /// where ncursesw under C's ASCII draws blanks.
        @Test(arguments: [
            ["LANG": "", "LC_ALL": "", "LC_CTYPE": ""], ["LC_ALL": "C"], ["LANG": "POSIX", "LC_ALL": ""],
        ])
        func aCLocaleStillShowsWhatIsNotASCII(_ locale: [String: String]) async throws {
            let app = try RunningApp(environment: locale)
            defer { app.stop() }
            try await app.waitForList()
            try await app.session.eventually("todo 2's Chinese title and a ✓") { screen in
                screen.contains("中文标题") && screen.contains("✓")
            }
        }

        /// Terminal types short of xterm-256color still get a readable list,
        /// colour within what they have, and a restored terminal after `q`.
        @Test(arguments: [
            TerminalCase(term: "vt100", maxColours: 0),
            TerminalCase(term: "xterm", maxColours: 8),
            TerminalCase(term: "screen", maxColours: 8),
            TerminalCase(term: "xterm-256color", maxColours: 0, noColor: true),
        ])
        func aPoorerTerminalStillShowsTheListAndIsRestored(_ terminal: TerminalCase) async throws {
            let app = try RunningApp(
                reportingExit: true, shellPrefix: terminal.noColor ? "NO_COLOR=1" : "TERM=\(terminal.term)")
            defer { app.stop() }
            try await app.waitForList()
            let styled = try app.session.screenWithStyles()
            let colours = styled.components(separatedBy: "\n").flatMap(StyledScreen.sgrParameters(in:))
                .filter(StyledScreen.setsColour)
            if terminal.maxColours == 0 {
                #expect(colours.isEmpty, "colour under \(terminal): \(Set(colours).sorted())")
            } else {
                let beyond = colours.filter { $0.contains("38;") || $0.contains("48;") }
                #expect(beyond.isEmpty, "more than 8 colours under \(terminal): \(Set(beyond).sorted())")
            }
            // The cursor row stands out however colour is shown.
            #expect(TableRows.cursorID(in: styled) == 1, "no single highlighted row under \(terminal)")
            try app.session.press("q")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(after.contains("exit=0"))
            try LifecycleEndToEndTests.expectRestored(after, app)
        }

        /// SIGINT, SIGHUP and SIGTERM from outside: the app exits with
        /// 128 + the signal and the terminal is restored.
        @Test(arguments: [SIGINT, SIGHUP, SIGTERM])
        func aSignalEndsTheAppWithTheTerminalRestored(_ signal: Int32) async throws {
            let app = try RunningApp(reportingExit: true)
            defer { app.stop() }
            try await app.waitForList()
            let pid = try app.trestlePID()
            try #require(pid > 0, "no trestle process under the pane")
            #expect(kill(pid, signal) == 0)
            let after = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(after.contains("exit=\(128 + signal)"), "signal \(signal): \(after)")
            try LifecycleEndToEndTests.expectRestored(after, app)
        }

        /// Ctrl-Z (the terminal's SIGTSTP) or a SIGTSTP from outside, under a
        /// shell with job control: while stopped the terminal is the
        /// shell's (cooked, normal screen); `fg` (SIGCONT) brings the list
        /// back, drawn whole, and keys work again.
        @Test(arguments: ["C-z", "kill"])
        func suspendingAndResumingRedrawsTheScreen(_ how: String) async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let trestle = TmuxSession.quote(BuiltProducts.trestle.path)
            // bash with `set -m` puts trestle in a process group of its own, as
            // an interactive shell does: only then does SIGTSTP stop it (POSIX
            // discards stop signals to an orphaned group, the pane's own).
            let script = """
                set -m; trap : INT; \(trestle) --delay 0; echo "stopped=$?"; stty -a; echo E2E-STOPPED; \
                read line; fg; echo "exit=$?"; stty -a; echo \(RunningApp.endMarker); exec sleep 600
                """
            let session = try TmuxSession(
                command: "exec bash --norc --noprofile -c \(TmuxSession.quote(script))",
                environment: home.environment.merging(["TRESTLE_CONFIRM_PRODUCTION_WRITES": "false"]) { $1 })
            defer { session.kill() }
            try await session.eventually("the todo list") { $0.contains("todos 200") && $0.contains("Title") }
            let pid = try #require(
                ProcessRunner.children(of: session.panePID).first { ProcessRunner.command(of: $0) == "trestle" })
            if how == "kill" {
                #expect(kill(pid, SIGTSTP) == 0)
            } else {
                try session.press("C-z")
            }
            let stopped = try await session.eventuallyShows("E2E-STOPPED")
            #expect(stopped.contains("stopped=\(128 + SIGTSTP)"), "not stopped by SIGTSTP: \(stopped)")
            #expect(Self.isStopped(pid), "trestle is not stopped")
            let flags = stopped.replacingOccurrences(of: "\n", with: " ")
            #expect(flags.contains(" icanon ") && flags.contains(" echo "), "while stopped: \(stopped)")
            #expect(try !session.alternateScreenOn(), "still on the alternate screen while stopped")

            try session.press("Enter")  // the shell's `read`, then `fg`
            let back = try await session.eventually("the list back after fg") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines.count >= 40 && lines[0].contains("Trestle") && lines[39].contains("todos 200")
                    && TableRows.ids(in: screen).prefix(3) == [1, 2, 3]
            }
            #expect(!back.contains("E2E-STOPPED"), "the shell's text shows through: \(back)")
            #expect(try session.alternateScreenOn())
            try session.press("j")
            try await session.eventually("the cursor on todo 2 after resuming", styled: true) { styled in
                TableRows.cursorID(in: styled) == 2
            }
            try session.press("q")
            let after = try await session.eventuallyShows(RunningApp.endMarker)
            #expect(after.contains("exit=0"), "after q: \(after)")
            let restored = after.replacingOccurrences(of: "\n", with: " ")
            #expect(restored.contains(" icanon ") && restored.contains(" echo ") && !restored.contains("-icanon"))
            #expect(try !session.alternateScreenOn())
        }

        /// stdout into a file (stdin still the terminal): one line on
        /// stderr, a non-zero status, and nothing written to the file.
        @Test func outputIntoAFileIsRefusedWithOneLine() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let output = home.root.appendingPathComponent("out.txt")
            let trestle = TmuxSession.quote(BuiltProducts.trestle.path)
            let session = try TmuxSession(
                command: "\(trestle) --delay 0 > \(TmuxSession.quote(output.path)); echo \"exit=$?\"; "
                    + "echo \(RunningApp.endMarker); exec sleep 600",
                environment: home.environment)
            defer { session.kill() }
            let screen = try await session.eventuallyShows(RunningApp.endMarker)
            #expect(screen.contains("trestle: stdin/stdout is not a terminal"), "screen: \(screen)")
            #expect(LifecycleEndToEndTests.refusalLines(in: screen) == 1, "screen: \(screen)")
            #expect(screen.range(of: #"exit=[1-9]\d*"#, options: .regularExpression) != nil)
            #expect((try? Data(contentsOf: output))?.isEmpty == true, "trestle wrote into the file")
        }

        /// Whether `pid` is stopped (state `T` in `/proc/PID/stat`).
        static func isStopped(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            return stat[stat.index(after: close)...].split(separator: " ").first == "T"
        }
    }
}

/// A terminal type to start under, and how many colours it may use.
struct TerminalCase: Sendable, CustomTestStringConvertible {
    var term: String
    var maxColours: Int
    var noColor = false

    var testDescription: String { noColor ? "NO_COLOR" : "TERM=\(term)" }
}

/// A small seeded generator (SplitMix64), so "random" sizes repeat run to run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Cells of a captured line: tmux prints a wide character once, so a line
/// is compared by display width (two cells for East Asian wide text).
enum TextWidthCount {
    static func cells(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { total, scalar in
            let v = scalar.value
            let wide =
                (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
                || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
            return total + (wide ? 2 : 1)
        }
    }
}
