import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A windowed list whose server pages by 3 (a config's `pageSize: 3`
    /// against json-server on 127.0.0.1): the screen's rows need more pages
    /// than the 12 a window kept before issue 38, when `G` asked for the
    /// same pages forever (1,642 requests in 10 s). Now every key asks for
    /// the pages its screen lacks, each once, at most ⌈rows ÷ 3⌉ + 2.
    @Suite
    struct WindowPlanEndToEndTests {
        static let pageSize = 3
        /// Not a multiple of the page size: the last screen straddles one more page than the first.
        static let count = 3_001
        /// Past this many pages since a key, the app is storming: stop waiting and say how many.
        static let storm = 500

        static func database() -> String {
            let todos = (1...count).map { id in
                #"{"userId": \#((id - 1) / 20 + 1), "id": \#(id), "title": "plan todo \#(id)", "completed": false}"#
            }
            return "{\"todos\": [\n" + todos.joined(separator: ",\n") + "\n]}\n"
        }

        static func config(baseURL: String) -> String {
            """
            services:
              - name: tiny
                baseURL: \(baseURL)
                resources:
                  - name: todos
                    pageSize: \(pageSize)
                    columns:
                      - {field: id, width: 6, align: right}
                      - title
            """
        }

        @Test func gJPageDownAndGAskEachPageOnceWithinTheirBudget() async throws {
            let server = try await EngineTestServer.start(json: Self.database())
            do {
                let home = try TemporaryHome()
                defer { home.remove() }
                try home.writeConfig(Self.config(baseURL: server.baseURLString))
                let app = try RunningApp(["--service", "tiny"], rows: 40, home: home)
                defer { app.stop() }
                let run = Run(app: app, server: server)

                try await app.waitForList(count: "todos 3001")
                let first = try await run.settle("the first screen", from: 0) { ids, _ in ids.first == 1 }
                let rows = first.ids.count
                #expect(rows >= 30, "a 40-row terminal shows \(rows) rows")
                let budget = (rows + Self.pageSize - 1) / Self.pageSize + 2
                #expect(first.asked.count <= budget + 1, "the first screen asked \(first.asked)")
                #expect(Set(first.asked).count == first.asked.count, "a page asked twice: \(first.asked)")
                #expect(await run.queries().allSatisfy { $0.contains("_limit=3") })

                // G: the last screen, 13 or 14 pages of 3 under 37 rows, asked once each.
                try await run.press("G", budget: budget, expect: "the last todo") { ids, _ in ids.last == Self.count }
                try await run.roundTrip(to: Self.count - 1, key: "k")
                // g: back to the top (its pages were dropped meanwhile).
                try await run.press("g", budget: budget, expect: "the first todo") { ids, _ in ids.first == 1 }
                try await run.roundTrip(to: 2, key: "j")
                // PgDn: the cursor to the screen's foot, then a screen further down.
                try await run.press("NPage", budget: budget, expect: "the cursor at the foot") { ids, _ in
                    ids.first ?? 0 > 1
                }
                let foot = try await run.settle("after PgDn", from: 0) { _, _ in true }.ids
                try await run.press("NPage", budget: budget, expect: "the next screen") { ids, _ in
                    ids.first ?? 0 > (foot.first ?? 0) + rows / 2
                }
                // j past the screen's end, a row at a time: a page every 3 rows.
                let session = app.session
                let styled = try await OwnThread.run { try session.screenWithStyles() }
                let cursor = try #require(ResourceScreen.cursorID(in: styled))
                let mark = await run.asked().count
                for _ in 0..<rows { try app.session.press("j") }
                let below = try await run.settle("\(rows) j", from: mark) { ids, _ in ids.last == cursor + rows }
                #expect(!below.stormed, "\(below.asked.count) pages asked for \(rows) j: \(below.asked.prefix(40))…")
                #expect(below.asked.count <= budget, "\(rows) j asked \(below.asked)")
                #expect(Set(below.asked).count == below.asked.count, "a page asked twice: \(below.asked)")
                try await run.roundTrip(to: cursor + rows - 1, key: "k")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        /// The app and its server, and how they are read.
        struct Run {
            let app: RunningApp
            let server: EngineTestServer

            /// The `_page` numbers asked for `/todos`, in order.
            func asked() async -> [Int] {
                await PagingEndToEndTests.pagesAsked(for: "/todos", server)
            }

            func queries() async -> [Set<String>] {
                await server.queries(for: "/todos")
            }

            /// What a wait saw: the rows on screen, the pages asked since
            /// the mark, and whether it stopped on a storm.
            struct Settled {
                var ids: [Int]
                var asked: [Int]
                var stormed: Bool
            }

            /// Waits until every row on screen has its record, in order
            /// without a gap, and `done` holds for them, or until more than
            /// ``storm`` pages were asked since `mark` (a storm: no screen
            /// settles under it). A deadline of 120 s bounds it.
            func settle(
                _ description: String, from mark: Int, _ done: ([Int], String) -> Bool
            ) async throws -> Settled {
                let session = app.session
                let deadline = Date().addingTimeInterval(120)
                var screen = ""
                while Date() < deadline {
                    screen = try await OwnThread.run { try session.screen() }
                    let ids = ResourceScreen.ids(in: screen)
                    let asked = Array(await asked().dropFirst(mark))
                    if asked.count > storm { return Settled(ids: ids, asked: asked, stormed: true) }
                    if let low = ids.first, ids == Array(low..<low + ids.count), ids.count >= 30, done(ids, screen) {
                        return Settled(ids: ids, asked: asked, stormed: false)
                    }
                    try await Task.sleep(for: .milliseconds(50))
                }
                throw TmuxSession.Failure.timeout(waitingFor: description, screen: screen)
            }

            /// Presses `key`, waits for its screen, then checks what it asked for.
            func press(
                _ key: String, budget: Int, expect description: String, _ done: ([Int], String) -> Bool
            ) async throws {
                let mark = await asked().count
                try app.session.press(key)
                let settled = try await settle(description, from: mark, done)
                #expect(
                    !settled.stormed,
                    "\(key): \(settled.asked.count) pages asked and counting: \(settled.asked.prefix(40))…")
                #expect(settled.asked.count <= budget, "\(key) asked \(settled.asked.count): \(settled.asked)")
                #expect(Set(settled.asked).count == settled.asked.count, "\(key) asked a page twice: \(settled.asked)")
            }

            /// Moves the cursor a row within the screen (no page wanted) and
            /// waits for it: the app has gone round its loop since the
            /// screen settled; no page was asked for meanwhile, or the
            /// window is still asking on by itself.
            func roundTrip(to id: Int, key: String) async throws {
                let before = await asked().count
                try app.session.press(key)
                try await app.eventuallyCursor(on: id)
                let after = await asked()
                #expect(after.count == before, "still asking after the screen was whole: \(after.dropFirst(before))")
            }
        }
    }
}
