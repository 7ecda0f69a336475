import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// Space on a todo against a local server: one request (the PATCH),
    /// the row becomes the server's answer, a later load still asks the
    /// server, and a Space pressed the moment the first rows are drawn is
    /// not lost to the description that arrives after it.
    @Suite
    struct SpaceEndToEndTests {
        @Test func spaceSendsThePatchAloneAndTheRowIsTheServersAnswer() async throws {
            try await Backend.server.run { launched in
                let app = launched.app
                let server = try #require(launched.server)
                try await app.waitForList()
                // The start's requests (the description's look) are over: nothing loads.
                try await app.session.eventually("the start settled") { screen in
                    !ResourceScreen.status(screen).contains(" req")
                }
                let before = await server.requestLines().count
                #expect(TableRows.mark(ofID: 1, in: try app.session.screen()) == "·")

                try app.session.press("Space")
                let toggled = try await app.session.eventually("todo 1 marked done") { screen in
                    ResourceScreen.status(screen).contains("Todo 1 marked done")
                }
                #expect(TableRows.mark(ofID: 1, in: toggled) == "✓")
                // A GET of the list after the answer would be sent within
                // the same turn of the app as the answer: a quiet second
                // after the redraw bounds it (an absence has no event to wait for).
                try await Task.sleep(for: .seconds(1))
                let sent = Array(await server.requestLines().dropFirst(before))
                #expect(sent == ["PATCH /todos/1"], "\(sent)")
                #expect(try await WritesEndToEndTests.get("/todos/1", server)["completed"] as? Bool == true)
            }
        }

        @Test func afterTheWriteTheListOpenedAgainShowsTheServersCurrentState() async throws {
            try await Backend.server.run { launched in
                let app = launched.app
                let server = try #require(launched.server)
                try await app.waitForList()
                try app.session.press("Space")
                try await app.session.eventually("todo 1 marked done") { screen in
                    ResourceScreen.status(screen).contains("Todo 1 marked done")
                        && TableRows.mark(ofID: 1, in: screen) == "✓"
                }
                // Another client renames todo 2 meanwhile.
                try await Self.patch("/todos/2", #"{"title": "renamed by another client"}"#, server)

                // Well within the list's 30 s of freshness: only the write's
                // mark on the stored page makes the list ask again.
                try app.session.press("Escape")
                try await app.eventuallyStartScreen()
                try app.session.press("Enter")
                let reopened = try await app.session.eventually("todos again with todo 2 renamed") { screen in
                    ResourceScreen.row(ofID: 2, in: screen)?.contains("renamed by another client") == true
                }
                #expect(TableRows.mark(ofID: 1, in: reopened) == "✓")
            }
        }

        /// A server whose description (its OpenAPI document and json-server's
        /// `/db`) answers 4 s late: `todos` opens on a list made from its
        /// records alone (no toggle known); Space pressed as soon as its
        /// first row is drawn is done once — at once, when the service's
        /// `OPTIONS` says its records take `PATCH` (as `trestle serve`'s
        /// does), else by the list the description makes — and what it
        /// answered is still said after the description came.
        @Test func spaceAsSoonAsTheFirstRowIsDrawnIsNotLostToTheDescription() async throws {
            try await FaultedApp.run(
                extra: ["todos"],
                before: { server in
                    server.inject(FaultRule(.slow(seconds: 4), method: "GET", path: "/openapi.json"))
                    server.inject(FaultRule(.slow(seconds: 4), method: "GET", path: "/db"))
                }
            ) { faulted in
                let session = faulted.session
                try await session.eventually("the first row", timeout: 60) { screen in
                    ResourceScreen.ids(in: screen).contains(1)
                }
                try session.press("Space")
                // Its words: the learnt toggle's (the field, `completed`) or the description's (`done`).
                let toggled = try await session.eventually("todo 1 marked done", timeout: 60) { screen in
                    ResourceScreen.status(screen).contains("Todo 1 marked") && screen.contains("Done")
                        && TableRows.mark(ofID: 1, in: screen) == "✓"
                }
                #expect(faulted.server.count("PATCH", path: "/todos/1") == 1, "\(faulted.server.requestLines)")
                #expect(
                    faulted.app.home.log.contains("description came after the first key"),
                    "the key did not come before the description:\n\(toggled)")
            }
        }

        /// Sends `body` as a PATCH of `path` (another client's write).
        static func patch(_ path: String, _ body: String, _ server: EngineTestServer) async throws {
            var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
            request.httpMethod = "PATCH"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
        }
    }
}
