import Foundation
import JSON
import TestSupport
import Testing

extension EndToEnd {
    /// The operations of a service's OpenAPI document, run from their forms
    /// in the real binary: `o` on a record and on the start screen, the
    /// answer with status, headers and JSON, `:history` running one again,
    /// the production question and `--read-only`.
    @Suite
    struct OperationsEndToEndTests {
        static func arguments(_ server: LibraryTestServer, _ more: [String] = []) -> [String] {
            ["--env", "production", "--base-url", server.baseURL.absoluteString] + more
        }

        /// Waits for the start screen made from the document (its operations read with it).
        static func waitForDocument(_ app: RunningApp) async throws {
            try await app.session.eventually("the collections of the document") { screen in
                screen.contains("(from openapi.json)") && ResourceScreen.startCount(of: "books", in: screen) != nil
            }
        }

        @Test func aServiceWideOperationRunsFromTheStartScreen() async throws {
            let server = try await LibraryTestServer.start(operations: true)
            let app = try RunningApp(Self.arguments(server))
            defer { app.stop() }
            try await Self.waitForDocument(app)
            try app.session.press("o")
            let listed = try await app.session.eventually("the service's operations") { screen in
                screen.contains("Operations of the service") && screen.contains("/stats")
            }
            #expect(listed.contains("POST") && listed.contains("Counts of the library"))
            #expect(!listed.contains("/books/{book_id}/checkout"), "a record's operation is not service-wide")
            try app.session.press("G")
            try app.session.press("Enter")
            try await app.session.eventually("the form of GET /stats") { screen in
                screen.contains("GET /stats") && screen.contains("genre:")
                    && screen.contains("one of novel, poetry, essay")
            }
            // An enum: → picks the first value.
            try app.session.press("Right")
            try await app.session.eventuallyShows("novel")
            try app.session.press("Enter")
            let answer = try await app.session.eventually("the answer") { screen in
                screen.contains("\"books\": 13") && screen.contains("\"authors\": 23")
            }
            #expect(answer.contains("200"))
            #expect(answer.contains("Content-Type: application/json"))
            let asked = await server.requests.filter { $0.path == "/stats" }
            await server.stop()
            #expect(asked.map(\.query) == ["genre=novel"])
        }

        @Test func aBookIsCheckedOutFromItsFormAndTheHistoryRunsItAgain() async throws {
            let server = try await LibraryTestServer.start(operations: true)
            let app = try RunningApp(
                Self.arguments(server), environment: ["TRESTLE_CONFIRM_PRODUCTION_WRITES": "true"])
            defer { app.stop() }
            try await Self.waitForDocument(app)
            let id = LibraryTestServer.bookID(2)
            try await app.command("books \(id)")
            try await app.session.eventuallyShows("\"title\": \"Book 2 of Italo Calvino\"")
            try app.session.press("o")
            let listed = try await app.session.eventually("the book's operations") { screen in
                screen.contains("Operations on book \(id)") && screen.contains("/books/{book_id}/checkout")
            }
            #expect(listed.contains("DELETE") && listed.contains("PATCH"))
            #expect(!listed.contains("/stats"))
            try app.session.press("G")
            try app.session.press("Enter")
            try await app.session.eventually("the checkout form, the book's id filled in") { screen in
                screen.contains("reader *:") && screen.contains(id) && screen.contains("[14")
            }
            try app.session.press("Tab")
            try app.session.type("Ann")
            try app.session.press("Tab", "Tab", "Right")
            try await app.session.eventuallyShows("ebook")
            try app.session.press("Enter")
            // Production: the question before the run's first write; nothing sent yet.
            try await app.session.eventuallyShows("type yes to write to production")
            #expect(await server.checkouts == 0)
            try app.session.type("yes")
            try app.session.press("Enter")
            let answer = try await app.session.eventually("the loan") { screen in
                screen.contains("\"reader\": \"Ann\"") && screen.contains("\"loan\": 1")
            }
            #expect(answer.contains("200"))
            #expect(answer.contains("X-Loan: 1"))
            #expect(answer.contains("\"format\": \"ebook\""))
            let posts = await server.requests.filter { $0.method == "POST" }
            #expect(posts.map(\.path) == ["/books/\(id)/checkout"])
            let body = try posts.first.map { try JSONParser.parse($0.body) }
            #expect(body?["reader"] == .string("Ann"))
            #expect(body?["days"] == .int(14))
            #expect(body?["format"] == .string("ebook"))

            // The history keeps it; R fills its form again, Enter sends it again.
            try await app.command("history")
            try await app.session.eventually("the checkout in the history") { screen in
                screen.contains("POST") && screen.contains("/books/\(id)/checkout")
            }
            try app.session.press("R")
            try await app.session.eventually("the form, filled as it was sent") { screen in
                screen.contains("reader *:") && screen.contains("Ann") && screen.contains("ebook")
            }
            try app.session.press("Enter")
            try await app.session.eventually("the second loan, asked once per run") { screen in
                screen.contains("\"loan\": 2") && screen.contains("\"reader\": \"Ann\"")
            }
            let count = await server.checkouts
            await server.stop()
            #expect(count == 2)
        }

        @Test func readOnlyRefusesAWriteOperationWithOneLine() async throws {
            let server = try await LibraryTestServer.start(operations: true)
            let app = try RunningApp(Self.arguments(server, ["--read-only"]))
            defer { app.stop() }
            try await Self.waitForDocument(app)
            try await app.command("books \(LibraryTestServer.bookID(2))")
            try await app.session.eventuallyShows("\"title\": \"Book 2 of Italo Calvino\"")
            try await app.command("ops")
            try await app.session.eventuallyShows("/books/{book_id}/checkout")
            try app.session.press("G")
            try app.session.press("Enter")
            let refused = try await app.session.eventually("the refusal") { screen in
                ResourceScreen.status(screen).contains("Read-only: not sent (--read-only)")
            }
            #expect(!refused.contains("reader *:"))
            let methods = await server.requests.map(\.method)
            await server.stop()
            #expect(methods.allSatisfy { $0 == "GET" }, "\(methods)")
        }
    }
}
