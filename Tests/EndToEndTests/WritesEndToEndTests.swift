import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// Writes against a local server: what the screen says happened is
    /// what a plain GET of the server shows afterwards.
    @Suite
    struct WritesEndToEndTests {
        @Test func spaceTogglesATodoOnTheServer() async throws {
            try await Backend.server.run { launched in
                let app = launched.app
                let server = try #require(launched.server)
                let screen = try await app.waitForList()
                let before = try await Self.get("/todos/3", server)
                let wasDone = try #require(before["completed"] as? Bool)
                #expect(TableRows.mark(ofID: 3, in: screen) == (wasDone ? "✓" : "·"))

                try await app.moveCursor(to: 3)
                try app.session.press("Space")
                let toggled = try await app.session.eventually("todo 3 toggled") { screen in
                    ResourceScreen.status(screen).contains("Todo 3 marked \(wasDone ? "not done" : "done")")
                }
                #expect(TableRows.mark(ofID: 3, in: toggled) == (wasDone ? "·" : "✓"))
                let after = try await Self.get("/todos/3", server)
                #expect(after["completed"] as? Bool == !wasDone)
                #expect(after["title"] as? String == before["title"] as? String)
                let lines = await server.requestLines()
                #expect(lines.contains("PATCH /todos/3") || lines.contains("PUT /todos/3"), "\(lines)")

                // And back.
                try app.session.press("Space")
                try await app.session.eventually("todo 3 toggled back") { screen in
                    ResourceScreen.status(screen).contains("Todo 3 marked \(wasDone ? "done" : "not done")")
                        && TableRows.mark(ofID: 3, in: screen) == (wasDone ? "✓" : "·")
                }
                #expect(try await Self.get("/todos/3", server)["completed"] as? Bool == wasDone)
            }
        }

        @Test func newCreatesATodoOnTheServer() async throws {
            try await Backend.server.run { launched in
                let app = launched.app
                let server = try #require(launched.server)
                try await app.waitForList()
                try app.session.press("n")
                try await app.session.eventually("the new todo form") { screen in
                    screen.contains(" New todo ") && screen.contains("Title:") && screen.contains("Completed: [ ]")
                        && screen.contains("Enter saves · Tab next field · Esc cancels")
                }
                try app.session.type("e2e buy more tmux panes")
                try app.session.press("Tab")
                try app.session.press("Space")
                try app.session.press("Tab")
                try app.session.type("7")
                try await app.session.eventually("the form filled in") { screen in
                    screen.contains("[e2e buy more tmux panes") && screen.contains("Completed: [x]")
                        && screen.contains("User id:   [7 ")
                }
                try app.session.press("Enter")
                let created = try await app.session.eventually("todo 201 created") { screen in
                    ResourceScreen.status(screen).contains("Todo 201 created")
                        && ResourceScreen.status(screen).contains("todos 201")
                }
                #expect(!created.contains(" New todo "))
                let row = try #require(ResourceScreen.row(ofID: 201, in: created), "no row 201:\n\(created)")
                #expect(row.contains("e2e buy more tmux panes") && row.contains("✓") && row.hasSuffix(" 7"))
                try await app.eventuallyCursor(on: 201)

                let saved = try await Self.get("/todos/201", server)
                #expect(saved["title"] as? String == "e2e buy more tmux panes")
                #expect(saved["completed"] as? Bool == true)
                #expect(saved["userId"] as? Int == 7)
                let lines = await server.requestLines()
                #expect(lines.filter { $0.hasPrefix("POST ") } == ["POST /todos"], "\(lines)")
            }
        }

        @Test func deleteAsksFirstThenDeletesOnTheServer() async throws {
            try await Backend.server.run { launched in
                let app = launched.app
                let server = try #require(launched.server)
                try await app.waitForList()
                let title = try #require(try SampleData.record("todos", id: 5)["title"] as? String)
                try await app.moveCursor(to: 5)

                // n keeps it.
                try app.session.press("d")
                let asked = try await app.session.eventuallyShows("y deletes · n or Esc keeps it")
                #expect(asked.contains("Delete todo 5 \(title)?"))
                try app.session.press("n")
                let kept = try await app.session.eventually("the dialog closed") { !$0.contains("y deletes") }
                #expect(ResourceScreen.row(ofID: 5, in: kept) != nil)
                let before = await server.requestLines()
                #expect(!before.contains { $0.hasPrefix("DELETE ") }, "\(before)")

                // y deletes.
                try app.session.press("d")
                try await app.session.eventuallyShows("y deletes · n or Esc keeps it")
                try app.session.press("y")
                let deleted = try await app.session.eventually("todo 5 deleted") { screen in
                    ResourceScreen.status(screen).contains("Todo 5 deleted")
                        && ResourceScreen.status(screen).contains("todos 199")
                }
                #expect(ResourceScreen.row(ofID: 5, in: deleted) == nil)
                #expect(!deleted.contains("y deletes"))
                #expect(try await Self.status(of: "/todos/5", server) == 404)
                let after = await server.requestLines()
                #expect(after.filter { $0.hasPrefix("DELETE ") } == ["DELETE /todos/5"], "\(after)")
            }
        }

        /// A plain GET of `path` on the server, as JSON.
        static func get(_ path: String, _ server: EngineTestServer) async throws -> [String: Any] {
            let (data, response) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent(path))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        /// The status a plain GET of `path` gets.
        static func status(of path: String, _ server: EngineTestServer) async throws -> Int {
            let (_, response) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent(path))
            return (response as? HTTPURLResponse)?.statusCode ?? 0
        }
    }
}
