import Foundation
import JSON
import JSONServerCore
import TestSupport
import Testing

extension EndToEnd {
    /// The production environment against a json-server 1.0 (the engine in
    /// its v1 dialect, ids turned into strings): the client learns the
    /// dialect from the first page and browses as it does a 0.17 server.
    @Suite
    struct JSONServerV1EndToEndTests {
        static let sampleData = BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json")

        static func arguments(_ server: EngineTestServer, _ target: String...) -> [String] {
            ["--env", "production", "--base-url", server.baseURLString, "--delay", "0"] + target
        }

        @Test func todosShowAndFiveThousandPhotosPageInWithV1Queries() async throws {
            let server = try await EngineTestServer.start(file: Self.sampleData, dialect: .v1)
            let app = try RunningApp(Self.arguments(server))
            defer { app.stop() }
            try await app.session.eventually("the todos, all 200") { $0.contains("todos 200") }
            try app.session.type(":photos")
            try app.session.press("Enter")
            try await app.session.eventuallyShows(" 500 of 5000 loaded · more load as you scroll")
            // One `G` is the last photo: the total is known (issue 37 item 4).
            try app.session.press("G")
            try await app.eventuallyCursor(on: 5000)
            let end = try app.session.screen()
            await server.stop()
            #expect(!end.contains("loaded"))
            #expect(ResourceScreen.ids(in: end).last == 5000)
            let photoQueries = await server.requests.filter { $0.path == "/photos" }.map { $0.query ?? "" }
            #expect(photoQueries.count <= 12, "\(photoQueries)")
            #expect(photoQueries.allSatisfy { $0.contains("_per_page=500") })
            // The first page and the last: what the screen shows, nothing between.
            #expect(Set(photoQueries).count == 2, "\(photoQueries)")
            #expect(photoQueries.contains { $0.contains("_page=10") }, "\(photoQueries)")
        }

        @Test func aDescendingSortIsSentAsMinusField() async throws {
            let server = try await EngineTestServer.start(file: Self.sampleData, dialect: .v1)
            let app = try RunningApp(Self.arguments(server, "photos"))
            defer { app.stop() }
            try await app.session.eventually("the first photos page") { $0.contains("of 5000") }
            // Pressed whether discovery has ended or not: the list asks the
            // server (a key before discovery's result is kept by the list made from it).
            try app.session.press("S")
            let sorted = try await app.session.eventually("photo 5000 first") { screen in
                screen.contains("ID ▼") && ResourceScreen.ids(in: screen).first == 5000
            }
            await server.stop()
            #expect(ResourceScreen.ids(in: sorted).prefix(3) == [5000, 4999, 4998])
            #expect(await server.requests.contains { $0.query?.contains("_sort=-id") == true })
        }

        @Test func aUserAndTheirRelationsOpenWithStringIds() async throws {
            let server = try await EngineTestServer.start(file: Self.sampleData, dialect: .v1)
            let app = try RunningApp(Self.arguments(server))
            defer { app.stop() }
            try await app.session.eventually("the todos") { $0.contains("todos 200") }
            try app.session.type(":users 3")
            try app.session.press("Enter")
            try await app.session.eventually("user 3 with counted relations") { screen in
                screen.contains("users › 3 Carmen Moreau") && screen.contains("todos (20)")
                    && screen.contains("albums (10)")
            }
            try app.session.press("1")
            let todos = try await app.session.eventually("user 3's todos") { screen in
                screen.contains("where userId = 3") && screen.contains("todos 20")
            }
            await server.stop()
            #expect(ResourceScreen.ids(in: todos).count == 20)
        }

        @Test func anObjectResourceIsListedShownAndEdited() async throws {
            let db = #"{"posts": [{"id": 1, "title": "first"}], "profile": {"name": "Demo", "visits": 3}}"#
            let server = try await EngineTestServer.start(json: db, dialect: .v1)
            let app = try RunningApp(Self.arguments(server, ":resources"))
            defer { app.stop() }
            try await app.session.eventually("profile on the start screen") { screen in
                screen.contains("profile") && screen.contains("object")
            }
            try app.session.press("G")
            try app.session.press("Enter")
            try await app.session.eventually("the profile shown") { screen in
                screen.contains("Trestle profile") && screen.contains(#""name": "Demo""#)
            }
            try app.session.press("e")
            try await app.session.eventuallyShows("Edit profile")
            try app.session.press("C-u")
            try app.session.type("Renamed")
            try app.session.press("Enter")
            let saved = try await app.session.eventually("the edit saved") { screen in
                screen.contains("profile saved") && screen.contains(#""name": "Renamed""#)
            }
            #expect(saved.contains(#""visits": 3"#))
            let stored = await server.engine.database().root["profile"]
            await server.stop()
            #expect(stored?["name"] == "Renamed")
            #expect(stored?["visits"] == 3)
        }
    }
}
