import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The production guard and the frequency table, on the real binary.
    @Suite
    struct GuardFrequencyEndToEndTests {
        static let db = """
            {
              "todos": [
                {"userId": 1, "id": 1, "title": "e2e guard the ledger", "completed": false},
                {"userId": 1, "id": 2, "title": "e2e keep production safe", "completed": true}
              ]
            }
            """

        @Test func readOnlyRefusesSpaceAndSendsNothing() async throws {
            let server = try await EngineTestServer.start(json: Self.db)
            let app = try RunningApp([
                "--env", "production", "--base-url", server.baseURLString, "--delay", "0", "--read-only",
            ])
            defer { app.stop() }
            let list = try await app.session.eventually("the server's todos") { screen in
                screen.contains("e2e guard the ledger") && screen.contains("todos 2")
            }
            #expect(ResourceScreen.status(list).contains("PRODUCTION    READ-ONLY"))
            try await app.eventuallyCursor(on: 1)
            try app.session.press("Space")
            let refused = try await app.session.eventually("the refusal") { screen in
                ResourceScreen.status(screen).contains("Read-only: not sent (--read-only)")
            }
            #expect(TableRows.mark(ofID: 1, in: refused) == "·")
            let stored = await server.engine.database().root["todos"]?.arrayValue?.first
            let methods = await server.requests.map(\.method)
            await server.stop()
            #expect(stored?["completed"] == false)
            #expect(methods.allSatisfy { $0 == "GET" || $0 == "HEAD" }, "\(methods)")
        }

        @Test func productionAsksForYesBeforeTheFirstWrite() async throws {
            let server = try await EngineTestServer.start(json: Self.db)
            let app = try RunningApp(
                ["--env", "production", "--base-url", server.baseURLString, "--delay", "0"],
                environment: ["TRESTLE_CONFIRM_PRODUCTION_WRITES": "true"])
            defer { app.stop() }
            try await app.session.eventually("the server's todos") { $0.contains("e2e guard the ledger") }
            try await app.eventuallyCursor(on: 1)
            try app.session.press("Space")
            try await app.session.eventuallyShows("type yes to write to production")
            #expect(await server.requests.allSatisfy { $0.method == "GET" })
            try app.session.type("yes")
            try app.session.press("Enter")
            try await app.session.eventually("todo 1 toggled") { screen in
                ResourceScreen.status(screen).contains("Todo 1 marked done")
            }
            // Asked once per run: the next write goes at once.
            try app.session.press("Space")
            try await app.session.eventually("todo 1 toggled back") { screen in
                ResourceScreen.status(screen).contains("Todo 1 marked not done")
            }
            let methods = await server.requests.map(\.method)
            await server.stop()
            #expect(methods.filter { $0 != "GET" }.count == 2, "\(methods)")
        }

        @Test func freqCompletedCountsTheTodosAndEnterOpensTheFilteredList() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            try await app.waitForList()
            try await app.command("freq completed")
            let table = try await app.session.eventually("the frequency table") { screen in
                screen.contains("completed — 2 values over 200 todos")
            }
            let rows = Self.frequencyRows(in: table)
            #expect(rows.map(\.value).sorted() == ["false", "true"], "\(table)")
            #expect(rows.reduce(0) { $0 + $1.count } == 200)
            let done = try SampleData.records("todos").filter { $0["completed"] as? Bool == true }.count
            #expect(rows.first { $0.value == "true" }?.count == done)

            if rows.first?.value != "true" { try app.session.press("j") }
            try app.session.press("Enter")
            let filtered = try await app.eventuallyList(
                "todos › freq completed › todos", count: "todos \(done)")
            #expect(filtered.contains("completed = true"))
            #expect(!ResourceScreen.ids(in: filtered).isEmpty)
        }

        /// The value and count of each row of a frequency table on `screen`.
        static func frequencyRows(in screen: String) -> [(value: String, count: Int)] {
            screen.components(separatedBy: "\n").compactMap { line in
                let words = line.split(separator: " ")
                guard words.count >= 3, ["true", "false"].contains(words[0]), let count = Int(words[1]) else {
                    return nil
                }
                return (String(words[0]), count)
            }
        }
    }
}
