import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Bad local input to the real binary, case by case: a config file,
    /// `--data`, `--base-url`. Each is one clear line on stderr naming what
    /// and where, a non-zero status where Trestle cannot go on, and never a
    /// crash or a backtrace.
    @Suite
    struct LocalInputEndToEndTests {
        /// One bad input: what to put where, the arguments, what stderr must say.
        struct Case: Sendable, CustomTestStringConvertible {
            var name: String
            var config: [UInt8]?
            var dataFile: DataFile?
            var arguments: [String] = []
            var says: String
            var exitsNonZero = true

            var testDescription: String { name }

            enum DataFile: Sendable {
                case bytes([UInt8])
                case directory
                case missing
            }
        }

        static let cases: [Case] = [
            Case(
                name: "config: invalid YAML", config: Array("env: [unclosed\n".utf8), says: "did not find expected ','"),
            Case(
                name: "config: a tab for indent", config: Array("\tfoo: bar\n".utf8),
                says: "found character that cannot start any token"),
            Case(name: "config: not UTF-8", config: [0xFF, 0xFE, 0x41], says: "is not readable UTF-8 text"),
            Case(
                name: "config: a list at the top", config: Array("- a\n- b\n".utf8),
                says: "the top level is not a mapping"),
            Case(
                name: "config: timeout not a number", config: Array("timeout: soon\n".utf8),
                says: "timeout 'soon' is not a number"),
            Case(
                name: "config: readOnly not a bool", config: Array("readOnly: maybe\n".utf8),
                says: "readOnly 'maybe' is not true or false"),
            Case(
                name: "config: logLevel unknown", config: Array("logLevel: loud\n".utf8),
                says: "logLevel 'loud' is not one of"),
            Case(name: "config: keys not a mapping", config: Array("keys: 5\n".utf8), says: "keys"),
            Case(
                name: "config: services not a list", config: Array("services: 5\n".utf8),
                says: "services must be a list"),
            Case(
                name: "config: unknown key", config: Array("thme: dark\n".utf8),
                says: "unknown setting 'thme' (did you mean 'theme'?)"),
            Case(
                name: "config: unknown nested key",
                config: Array("environments:\n  production:\n    baseUrl: x\n".utf8),
                says: "unknown setting 'baseUrl' in environments.production (did you mean 'baseURL'?)"),
            Case(
                name: "config: unknown environment", config: Array("environments:\n  prod:\n    timeout: 3\n".utf8),
                says: "unknown environment 'prod' under environments"),
            Case(name: "--data: a directory", dataFile: .directory, says: "it is a directory, not a file"),
            Case(name: "--data: missing", dataFile: .missing, says: "no such file"),
            Case(name: "--data: empty", dataFile: .bytes([]), says: "invalid JSON: unexpected end of input"),
            Case(name: "--data: invalid JSON", dataFile: .bytes(Array("{bad".utf8)), says: "invalid JSON"),
            Case(
                name: "--data: an array", dataFile: .bytes(Array("[1,2]".utf8)), says: "the top level must be an object"
            ),
            Case(
                name: "--data: binary", dataFile: .bytes((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }),
                says: "invalid JSON"),
            Case(
                name: "--data: a number too large", dataFile: .bytes(Array(#"{"todos":[{"id":1e999}]}"#.utf8)),
                says: "number too large"),
            Case(
                name: "--base-url ftp://", arguments: ["--base-url", "ftp://example.com"],
                says: "is not an http://, https://, grpc:// or grpcs:// URL"),
            Case(name: "--base-url http://", arguments: ["--base-url", "http://"], says: "is not an absolute URL"),
            Case(name: "--base-url garbage", arguments: ["--base-url", "garbage ☃"], says: "is not an absolute URL"),
            Case(name: "--base-url [::1]", arguments: ["--base-url", "[::1]"], says: "is not an absolute URL"),
            Case(
                name: "--base-url http://[::1]:3000", arguments: ["--base-url", "http://[::1]:3000"],
                says: "IPv6 addresses are not supported"),
            Case(
                name: "--base-url a closed port", arguments: ["--base-url", "http://127.0.0.1:9"],
                says: "Cannot connect to 127.0.0.1:9"),
        ]

        @Test(arguments: cases)
        func badInputIsOneClearLine(_ input: Case) async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            var arguments = ["get", "todos", "--format", "csv"]
            if let config = input.config {
                let file = home.root.appendingPathComponent("config/trestle/config.yaml")
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(config).write(to: file)
            }
            if let data = input.dataFile {
                let file = home.root.appendingPathComponent("db.json")
                switch data {
                case .bytes(let bytes): try Data(bytes).write(to: file)
                case .directory: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
                case .missing: break
                }
                arguments += ["--data", file.path]
            }
            if !input.arguments.isEmpty { arguments += ["--env", "production"] + input.arguments }
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, arguments, environment: ProcessRunner.baseEnvironment(home.environment),
                timeout: 120)
            #expect(!outcome.signalled && outcome.status != -1, "crashed or hung: \(outcome.stderr)")
            if input.exitsNonZero { #expect(outcome.status != 0, "status 0; stderr: \(outcome.stderr)") }
            let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.count == 1, "stderr is \(lines.count) lines: \(outcome.stderr)")
            #expect(lines.first?.hasPrefix("trestle: ") == true, "stderr: \(outcome.stderr)")
            #expect(outcome.stderr.contains(input.says), "stderr: \(outcome.stderr)")
            for crash in ["Fatal error", "Backtrace", "Crash", "Thread 0", "NSCocoaErrorDomain"] {
                #expect(!outcome.stderr.contains(crash), "stderr: \(outcome.stderr)")
            }
            #expect(outcome.stdout.isEmpty, "stdout: \(outcome.stdout.prefix(200))")
        }

        /// A bad theme does not stop the UI: it starts on the default theme
        /// and says why in the status line.
        @Test func aBrokenThemeFallsBackAndSaysWhy() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let themes = home.root.appendingPathComponent("config/trestle/themes")
            try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
            try Data("roles: [unclosed\n".utf8).write(to: themes.appendingPathComponent("broken.yaml"))
            let app = try RunningApp(["--delay", "0", "--theme", "broken"], reportingExit: true, home: home)
            defer { app.stop() }
            let screen = try await app.waitForList()
            #expect(
                ResourceScreen.status(screen).contains("broken.yaml:2: invalid YAML"),
                "status: \(ResourceScreen.status(screen))")
            try app.session.press("q")
            let after = try await app.session.eventuallyShows(RunningApp.endMarker)
            #expect(after.contains("exit=0"))
        }
    }
}
