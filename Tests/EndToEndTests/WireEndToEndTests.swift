import Foundation
import JSONServerCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// `:curl` / `trestle get --curl`, `:watch` and `:history` on the real
    /// binary against real servers on 127.0.0.1.
    @Suite
    struct WireEndToEndTests {
        static let curl = URL(fileURLWithPath: "/usr/bin/curl")

        /// The printed `trestle get … --curl` command, run by `/bin/sh` (the real
        /// `curl`), prints the records `trestle get … --format json` prints.
        @Test(arguments: JSONServerDialect.allCases)
        func getCurlPrintsACommandThatFetchesTheSameRecords(_ dialect: JSONServerDialect) async throws {
            try #require(FileManager.default.isExecutableFile(atPath: Self.curl.path), "install curl")
            let server = try await EngineTestServer.start(file: SampleData.file, dialect: dialect)
            let home = try TemporaryHome()
            defer { home.remove() }
            do {
                let environment = ProcessRunner.baseEnvironment(home.environment)
                let target = ["get", "todos", "userId=2", "completed=true", "--env", "development"]
                let base = ["--base-url", server.baseURLString]
                let printed = try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle, target + base + ["--curl"], environment: environment)
                #expect(printed.status == 0, "stderr: \(printed.stderr)")
                let command = printed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(command.hasPrefix("curl -sS -H 'Accept: application/json' '"), "\(command)")
                #expect(command.contains("userId=2") && command.contains("completed=true"), "\(command)")
                let byCurl = try await ProcessRunner.runOnThread(
                    URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: environment)
                #expect(byCurl.status == 0, "stderr: \(byCurl.stderr)")
                let byTrestle = try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle, target + base + ["--format", "json"], environment: environment)
                #expect(byTrestle.status == 0, "stderr: \(byTrestle.stderr)")
                let fromCurl = try #require(
                    try JSONSerialization.jsonObject(with: Data(byCurl.stdout.utf8)) as? [[String: Any]])
                let fromTrestle = try #require(
                    try JSONSerialization.jsonObject(with: Data(byTrestle.stdout.utf8)) as? [[String: Any]])
                let expected = try SampleData.records("todos").filter {
                    $0["userId"] as? Int == 2 && $0["completed"] as? Bool == true
                }
                #expect(!expected.isEmpty)
                #expect(fromCurl.map { "\($0["id"] ?? "")" } == expected.map { "\($0["id"] ?? "")" })
                #expect(
                    (fromCurl as NSArray).isEqual(to: fromTrestle),
                    "curl printed \(fromCurl.count), trestle get \(fromTrestle.count)")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        /// `:curl` on a filtered list shows the command in a dialog; `y` copies it.
        @Test func curlOnAFilteredListShowsTheCommandAndYCopiesIt() async throws {
            try await Backend.server.run { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("todos userId=2")
                try await app.session.eventually("the todos of user 2") { $0.contains("todos 20") }
                try await app.command("curl")
                let dialog = try await app.session.eventuallyShows("curl -sS -H 'Accept: application/json'")
                // The URL may fold over two lines of the dialog: join them.
                let joined = dialog.components(separatedBy: "\n").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: " │"))
                }.joined()
                #expect(joined.contains("/todos?userId=2&_page=1&_limit=500'"), "\(dialog)")
                try app.session.press("y")
                try await app.session.eventuallyShows("Sent the curl command to the clipboard")
                try app.session.press("Escape")
                try await app.session.eventually("the list again") {
                    $0.contains("todos 20") && !$0.contains("curl -sS")
                }
            }
        }

        /// `:watch 2` against a development server: a PATCH by another client
        /// shows within a few seconds and its row is marked; unchanged
        /// answers are 304s in the inspector.
        @Test func watchShowsAChangeByAnotherClientAndMarksTheRow() async throws {
            let server = try await EngineTestServer.start(file: SampleData.file)
            do {
                let app = try RunningApp(["--env", "development", "--base-url", server.baseURLString])
                defer { app.stop() }
                try await app.waitForList()
                try await app.command("watch 2")
                try await app.session.eventually("watching") { ResourceScreen.status($0).contains("watch 2s") }
                // Wait for one unchanged round (a 304), then change todo 3 from outside.
                try await Self.waitForRevalidation(server)
                var patch = URLRequest(url: server.baseURL.appendingPathComponent("todos/3"))
                patch.httpMethod = "PATCH"
                patch.setValue("application/json", forHTTPHeaderField: "Content-Type")
                patch.httpBody = Data(#"{"title":"changed by another client"}"#.utf8)
                let (_, response) = try await URLSession.shared.data(for: patch)
                #expect((response as? HTTPURLResponse)?.statusCode == 200)
                let screen = try await app.session.eventually("the change") {
                    $0.contains("changed by another client")
                }
                let row = try #require(screen.components(separatedBy: "\n").first { $0.contains("changed by another") })
                #expect(row.trimmingCharacters(in: .whitespaces).hasPrefix("•"), "\(row)")
                #expect(
                    screen.components(separatedBy: "\n").filter { $0.hasPrefix(" •") || $0.hasPrefix("•") }.count == 1)
                // The cursor visits the row: the mark goes.
                try app.session.press("j", "j")
                try await app.session.eventually("the mark gone") { screen in
                    !screen.components(separatedBy: "\n").contains {
                        $0.contains("changed by another") && $0.contains("•")
                    }
                }
                try app.session.press("I")
                let inspector = try await app.session.eventually("the inspector") {
                    $0.contains("of this run, newest first")
                }
                let revalidated = inspector.components(separatedBy: "\n").filter { $0.contains(" 304 ") }
                #expect(!revalidated.isEmpty, "\(inspector)")
                #expect(revalidated.allSatisfy { $0.contains("/todos?_page=1&_limit=500") })
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        /// Waits until the server has answered a conditional request for the todos.
        static func waitForRevalidation(_ server: EngineTestServer) async throws {
            if await waitUntil({ await conditionalRequests(server) > 0 }) { return }
            Issue.record("no conditional request within 120 s")
        }

        static func conditionalRequests(_ server: EngineTestServer) async -> Int {
            var count = 0
            for request in await server.http.requests
            where request.path == "/todos" && request.header("If-None-Match") != nil {
                count += 1
            }
            return count
        }

        /// Two runs sharing one cache folder: the second one's `:history`
        /// lists the first one's requests; Enter shows one, `R` replays it.
        @Test func historyListsAnEarlierRunsRequestsAndReplaysAGET() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let first = try RunningApp(["--delay", "0"], home: home)
            do {
                try await first.waitForList()
                try await first.command("users 3")
                try await first.session.eventuallyShows("Carmen Moreau")
                try await first.command("history")
                try await first.session.eventually("this run's requests in the history") {
                    $0.contains("kept for this service") && $0.contains("/users/3")
                }
            } catch {
                first.stop()
                throw error
            }
            first.stop()

            let second = try RunningApp(["--delay", "0"], home: home)
            defer { second.stop() }
            try await second.waitForList()
            try await second.command("history")
            let table = try await second.session.eventually("the first run's requests") {
                $0.contains("kept for this service") && $0.contains("/users/3")
            }
            let rows = table.components(separatedBy: "\n").filter { $0.contains(" GET ") }
            let index = try #require(rows.firstIndex { $0.contains("/users/3") })
            for _ in 0..<index { try second.session.press("j") }
            try second.session.press("Enter")
            let detail = try await second.session.eventually("the stored request") {
                $0.contains("Response headers") && $0.contains("GET /users/3")
            }
            #expect(detail.contains("\"name\": \"Carmen Moreau\""), "\(detail)")
            try second.session.press("Escape")
            try await second.session.eventuallyShows("kept for this service")
            try second.session.press("R")
            try await second.session.eventually("user 3 opened again") { screen in
                screen.contains("user 3 Carmen Moreau") && !screen.contains("kept for this service")
            }
        }
    }
}
