import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The `:` command line: switching resource, opening a record, filtered
    /// lists, completion, errors and `:q`.
    @Suite
    struct CommandPromptEndToEndTests {
        @Test(arguments: Backend.allCases)
        func postsSwitchesToThePosts(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try app.session.press(":")
                let prompt = try await app.session.eventuallyShows("Tab completes:")
                #expect(ResourceScreen.status(prompt).hasPrefix(":"))
                try app.session.type("pos")
                try app.session.press("Tab")
                try await app.session.eventually("“:posts” completed") { ResourceScreen.status($0).hasPrefix(":posts") }
                try app.session.press("Enter")
                let posts = try await app.eventuallyList("posts", count: "posts 100")
                #expect(ResourceScreen.ids(in: posts).prefix(3) == [1, 2, 3])
                #expect(posts.contains("Title") && posts.contains("Body"))
                // Esc goes back to the start screen: the command replaced the list.
                try app.session.press("Escape")
                try await app.eventuallyStartScreen()
            }
        }

        @Test(arguments: Backend.allCases)
        func usersThreeOpensTheListAndTheDetail(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("users 3")
                let detail = try await app.eventuallyDetail(
                    "users › 3 Carmen Moreau", id: 3, related: try SampleData.userRelations(3))
                #expect(ResourceScreen.status(detail).contains("users/3"))
                try app.session.press("Escape")
                let list = try await app.eventuallyList("users", count: "users 10")
                #expect(ResourceScreen.ids(in: list) == Array(1...10))
            }
        }

        @Test(arguments: Backend.allCases)
        func todosWithFiltersShowsOnlyTheMatchingTodos(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                let expected = try SampleData.records("todos")
                    .filter { $0["userId"] as? Int == 2 && $0["completed"] as? Bool == false }
                    .compactMap { $0["id"] as? Int }
                try #require(!expected.isEmpty)
                try await app.command("todos userId=2 completed=false")
                let screen = try await app.session.eventually("user 2's open todos") { screen in
                    screen.contains("where userId = 2, completed = false")
                        && ResourceScreen.status(screen).contains("todos \(expected.count)")
                }
                #expect(ResourceScreen.ids(in: screen) == expected)
                // Every row is open (·) and user 2's.
                #expect(TableRows.ids(in: screen) == expected)
                #expect(TableRows.ids(in: screen).allSatisfy { TableRows.mark(ofID: $0, in: screen) == "·" })
                for id in expected {
                    #expect(ResourceScreen.row(ofID: id, in: screen)?.hasSuffix(" 2") == true)
                }
                if let server = launched.server {
                    let asked = await server.queries(for: "/todos").contains {
                        $0.isSuperset(of: ["userId=2", "completed=false"])
                    }
                    #expect(asked, "the server was not asked for /todos?userId=2&completed=false")
                }
            }
        }

        @Test(arguments: Backend.allCases)
        func anUnknownCommandSaysSoAndChangesNothing(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("what?")
                let unknown = try await app.session.eventuallyShows("Unknown command 'what?'")
                #expect(ResourceScreen.status(unknown).contains("try :todos, :export csv FILE or :q"))
                #expect(ResourceScreen.header(unknown).contains(" Trestle todos "))
                #expect(TableRows.ids(in: unknown).prefix(3) == [1, 2, 3])

                // `:user` is a singular that opens users (TypedName): a typo is not.
                try await app.command("usrs 3")
                let typo = try await app.session.eventuallyShows("Unknown resource 'usrs' — did you mean :users?")
                #expect(ResourceScreen.header(typo).contains(" Trestle todos "))
                // The message goes with the next key; the app is still there.
                try app.session.press("j")
                try await app.session.eventually("the message gone") { !$0.contains("Unknown resource") }
                try await app.eventuallyCursor(on: 2)
            }
        }

        @Test(arguments: Backend.allCases)
        func colonQQuitsAndRestoresTheTerminal(_ backend: Backend) async throws {
            try await backend.run(reportingExit: true) { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("users 3")
                try await app.eventuallyDetail("users › 3 Carmen Moreau", id: 3, related: "1 todos")
                // From deep in the stack, :q quits at once (q would go back).
                try await app.command("q")
                let after = try await app.session.eventuallyShows(RunningApp.endMarker)
                #expect(after.contains("exit=0"))
                try LifecycleEndToEndTests.expectRestored(after, app)
            }
        }
    }
}
