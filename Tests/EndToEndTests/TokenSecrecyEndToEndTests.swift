import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The API token: a file others may read is refused in one line, and
    /// the token is found nowhere it could leak: not in the log at its most
    /// verbose, not in an error message (even when the server echoes it),
    /// not in a crash report.
    @Suite
    struct TokenSecrecyEndToEndTests {
        static let token = "tok-\(UUID().uuidString)-secret"

        static func environment(_ home: TemporaryHome, _ extra: [String: String]) -> [String: String] {
            ProcessRunner.baseEnvironment(home.environment.merging(extra) { $1 })
        }

        @Test(arguments: [0o644, 0o640, 0o604, 0o660])
        func aTokenFileOthersCanReadIsRefusedInOneLine(_ mode: Int) async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = home.root.appendingPathComponent("token")
            try Data("\(Self.token)\n".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle,
                ["get", "todos", "--env", "production", "--base-url", "http://127.0.0.1:9", "--log-level", "trace"],
                environment: Self.environment(home, ["TRESTLE_TOKEN_FILE": file.path]), timeout: 60)
            #expect(outcome.status != 0 && !outcome.signalled, "status \(outcome.status)")
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.count == 1, "stderr: \(outcome.stderr)")
            #expect(
                outcome.stderr.contains("has mode \(String(mode, radix: 8)); run: chmod 600 \(file.path)"),
                "stderr: \(outcome.stderr)")
            #expect(!outcome.stderr.contains(Self.token) && !home.log.contains(Self.token))
        }

        /// At trace level, through successes and failures (a 401 whose body
        /// and headers echo the token back), the token reaches the server
        /// and nothing else.
        @Test(arguments: ["TRESTLE_TOKEN", "TRESTLE_TOKEN_FILE"])
        func theTokenIsInNoLogLineAndNoErrorMessage(_ source: String) async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            var extra = [source: Self.token]
            if source == "TRESTLE_TOKEN_FILE" {
                let file = home.root.appendingPathComponent("token")
                try Data(Self.token.utf8).write(to: file)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
                extra[source] = file.path
            }
            let echo = try await TestHTTPServer.start { request in
                let sent = request.headers.first { $0.name.lowercased() == "authorization" }?.value ?? "none"
                if request.path == "/todos" {
                    return .json(#"[{"id":1,"title":"ok","completed":false,"userId":1}]"#)
                }
                return .json(
                    #"{"error":"token \#(sent) is not valid"}"#, status: 401,
                    headers: [("WWW-Authenticate", "Bearer error=\"\(sent)\"")])
            }
            var outputs: [String] = []
            for resource in ["todos", "users"] {
                let outcome = try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle,
                    [
                        "get", resource, "--env", "production", "--base-url", echo.baseURL.absoluteString,
                        "--log-level", "trace",
                    ],
                    environment: Self.environment(home, extra), timeout: 120)
                outputs.append(outcome.stderr)
                if resource == "users" {
                    #expect(outcome.status != 0, "the 401 was not an error")
                    #expect(outcome.stderr.contains("401"), "stderr: \(outcome.stderr)")
                }
            }
            let received = await echo.requests.compactMap { request in
                request.headers.first { $0.name.lowercased() == "authorization" }?.value
            }
            await echo.stop()
            #expect(received.contains("Bearer \(Self.token)"), "the token never reached the server: \(received)")
            #expect(home.log.contains("trace") || home.log.contains("→ GET"), "no trace-level log was written")
            #expect(!home.log.contains(Self.token), "the token is in the log")
            for output in outputs {
                #expect(!output.contains(Self.token), "the token is in an error message: \(output)")
            }
        }

        /// A crash (SIGABRT) with the token in the environment: Swift's crash
        /// report goes to stderr, and the token is not in it.
        @Test func theTokenIsNotInACrashReport() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let report = home.root.appendingPathComponent("stderr.txt")
            let trestle = TmuxSession.quote(BuiltProducts.trestle.path)
            let session = try TmuxSession(
                command: "SWIFT_BACKTRACE=enable=yes,interactive=no,preset=full \(trestle) --delay 0 "
                    + "2> \(TmuxSession.quote(report.path)); echo \"exit=$?\"; echo \(RunningApp.endMarker); exec sleep 600",
                environment: home.environment.merging(["TRESTLE_TOKEN": Self.token]) { $1 })
            defer { session.kill() }
            try await session.eventually("the todo list") { $0.contains("todos 200") && $0.contains("Title") }
            let pid = try #require(
                ProcessRunner.children(of: session.panePID).first { ProcessRunner.command(of: $0) == "trestle" })
            #expect(kill(pid, SIGABRT) == 0)
            let screen = try await session.eventuallyShows(RunningApp.endMarker, timeout: 60)
            #expect(screen.contains("exit=134"), "not ended by SIGABRT: \(screen)")
            let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
            #expect(
                text.contains("Crash") || text.contains("crashed"), "no crash report was written: \(text.prefix(500))")
            #expect(!text.contains(Self.token), "the token is in the crash report")
            #expect(!screen.contains(Self.token))
        }
    }
}
