import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// GraphQL beyond the walk (``RealAriadneEndToEndTests``), against the
    /// same real ariadne service: `--convention graphql` asks no REST place,
    /// `:curl` is the POST of the list's query, and an answer's `errors` is
    /// one line naming the path.
    @Suite
    struct GraphQLEndToEndTests {
        @Test func forcedGraphQLShowsItsQueryAsCurlAndErrorsByPath() async throws {
            let server = try await FrameworkServer.start(.ariadne)
            defer { server.stop() }
            let app = try RunningApp([
                "--env", "production", "--base-url", server.apiRoot.absoluteString, "--convention", "graphql",
            ])
            defer { app.stop() }
            let endpoint = "http://127.0.0.1:\(server.port)/graphql"
            try await app.session.eventually("the schema's collections, counted") { screen in
                screen.contains("(from the GraphQL schema at \(endpoint))")
                    && ResourceScreen.startCount(of: "books", in: screen) == 45
            }
            // Forced: no convention root, OpenAPI place or /db was asked
            // (the one GET /graphql is the test's own readiness probe).
            let asked = server.requestLines().filter { $0 != "GET /graphql HTTP/1.1" }
            #expect(asked.allSatisfy { $0.hasPrefix("POST ") }, "\(asked)")
            #expect(asked.first == "POST / HTTP/1.1", "\(asked)")

            try await app.command("books")
            try await app.session.eventuallyShows("Volume 01 ")
            try await app.command("curl")
            let curl = try await app.session.eventually("the list's query as a curl POST") { screen in
                screen.contains("--data-raw") && screen.contains("TrestleList(")
            }
            #expect(curl.contains("curl -sS -X 'POST'"), "\(curl)")
            #expect(curl.contains("Content-Type: application/json"), "\(curl)")
            try app.session.press("Escape")

            // A resolver that refuses: the answer's errors, one line with its path.
            try await app.command("books genre=secret")
            try await app.session.eventually("the error, naming its path") { screen in
                screen.contains("GraphQL error at books: the secret shelf is closed")
            }
            #expect(try app.trestlePID() > 0, "trestle is still running")
        }
    }
}
