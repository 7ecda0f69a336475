import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The real binary against a real GraphQL service (ariadne 1.1.1,
    /// schema-first, Relay-style connections in its SDL: Tests/Fixtures/
    /// ariadne-library), given only its origin: discovery POSTs the
    /// introspection query to the base URL (404) and then to `/graphql`;
    /// the same screens as a REST service's walk it — start screen, list
    /// with columns, `G` to the end by cursor, a record, its relations, a
    /// mutation from its form, the inspector and `:history`.
    @Suite
    struct RealAriadneEndToEndTests {
        /// ariadne's library (app.py): 12 authors, 45 books, 4 publishers;
        /// book n is "Volume nn" by author (n − 1) % 12 + 1.
        static let authorNames = [
            "Ada Lantern", "Basil Quarry", "Cora Vellum", "Dmitri Ash", "Edith Marrow", "Felix Dune",
            "Greta Holm", "Hugo Reed", "Iris Cant", "Jonas Pike", "Kira Wold", "Leo Brandt",
        ]
        static let bookCount = 45

        static func author(ofBook book: Int) -> Int { (book - 1) % 12 + 1 }

        @Test func aRealGraphQLServiceIsWalkedLikeARESTOne() async throws {
            let server = try await FrameworkServer.start(.ariadne)
            defer { server.stop() }
            let app = try RunningApp(
                ["--env", "production", "--base-url", server.apiRoot.absoluteString],
                environment: ["TRESTLE_CONFIRM_PRODUCTION_WRITES": "true"])
            defer { app.stop() }
            let endpoint = "http://127.0.0.1:\(server.port)/graphql"
            let start = try await app.session.eventually("the schema's collections, counted") { screen in
                screen.contains("(from the GraphQL schema at \(endpoint))")
                    && ["authors", "books", "publishers"].allSatisfy {
                        ResourceScreen.startCount(of: $0, in: screen) != nil
                    }
            }
            #expect(ResourceScreen.startCount(of: "authors", in: start) == 12)
            #expect(ResourceScreen.startCount(of: "books", in: start) == Self.bookCount)
            #expect(ResourceScreen.startCount(of: "publishers", in: start) == 4)

            // The books: a connection, its scalar fields as columns, 20 a page.
            try await app.command("books")
            let list = try await app.session.eventually("books with their scalar fields as columns") { screen in
                screen.contains("Volume 01 ") && screen.contains("Title") && screen.contains("Year")
                    && screen.contains("Genre")
            }
            #expect(ResourceScreen.row(ofID: 2, in: list)?.contains("1974") == true, "\(list)")
            #expect(ResourceScreen.row(ofID: 2, in: list)?.contains("essay") == true, "\(list)")
            // `G`: page after page, each asked with the cursor the one before ended on.
            try await ConventionsEndToEndTests.walkToTheEnd(app, last: "Volume 45")

            // The last book (`book(id:)`), its author (an object field), the author's books (a connection).
            try app.session.press("Enter")
            try await app.session.eventually("the last book and its relations") { screen in
                screen.contains("\"title\": \"Volume 45\"") && screen.contains("author →")
                    && screen.contains("publisher →")
            }
            let author = Self.author(ofBook: Self.bookCount)
            let written = (1...Self.bookCount).filter { Self.author(ofBook: $0) == author }
            try app.session.press("1")
            try await app.session.eventually("its author, the author's books counted") { screen in
                screen.contains("\"name\": \"\(Self.authorNames[author - 1])\"")
                    && screen.contains("books (\(written.count))")
            }
            try app.session.press("1")
            let books = try await app.session.eventually("the author's books") { screen in
                screen.contains("where author = \(author)") && ResourceScreen.ids(in: screen).count == written.count
            }
            #expect(ResourceScreen.ids(in: books) == written)

            // The inspector (`I`): every request a POST to /graphql; the
            // newest asked for the author's books, its query shown and as curl.
            try app.session.press("I")
            let inspector = try await app.session.eventually("the requests of the run") { screen in
                screen.contains("requests of this run") && screen.contains("POST   /graphql")
            }
            #expect(!inspector.contains("GET    /graphql"), "\(inspector)")
            try app.session.press("Enter")
            let related = try await app.session.eventually("the request of the author's books") { screen in
                screen.contains("Request body") && screen.contains("query TrestleRelated") && screen.contains("As curl")
            }
            #expect(related.contains("curl -sS -X 'POST'"), "\(related)")
            #expect(related.contains("\"totalCount\": \(written.count)"), "\(related)")

            // A mutation from its form: addBook's input object, field by field.
            try await app.command("ops")
            let listed = try await app.session.eventually("the mutations as operations") { screen in
                screen.contains("Operations of the service") && screen.contains("/addBook")
            }
            #expect(!listed.contains("renameAuthor"), "an author's mutation is not service-wide: \(listed)")
            try app.session.press("Enter")
            try await app.session.eventually("addBook's form") { screen in
                screen.contains("input.title *:") && screen.contains("input.authorId *:")
            }
            try app.session.type("Atlas of Queries")
            try app.session.press("Tab")
            try app.session.type("2026")
            try app.session.press("Tab", "Tab")
            try app.session.type("3")
            try app.session.press("Enter")
            try await app.session.eventuallyShows("type yes to write to production")
            try app.session.type("yes")
            try app.session.press("Enter")
            let added = try await app.session.eventually("the book the mutation added") { screen in
                screen.contains("\"title\": \"Atlas of Queries\"") && screen.contains("\"id\": \"46\"")
            }
            #expect(added.contains("200"))
            #expect(added.contains("\"name\": \"\(Self.authorNames[2])\""), "\(added)")
            try await app.command("requests")
            try await app.session.eventuallyShows("requests of this run")
            try app.session.press("Enter")
            try await app.session.eventually("the mutation's request") { screen in
                screen.contains("Request body") && screen.contains("mutation TrestleMutation")
            }

            // A record's mutation: `o` on the author fills its id.
            try await app.command("authors 2")
            try await app.session.eventuallyShows("\"name\": \"\(Self.authorNames[1])\"")
            try app.session.press("o")
            try await app.session.eventually("the author's mutation") { screen in
                screen.contains("Operations on author 2") && screen.contains("/authors/{id}/renameAuthor")
            }
            try app.session.press("Enter")
            try await app.session.eventually("renameAuthor's form, the id filled in") { screen in
                screen.contains("id *:") && screen.contains("[2 ") && screen.contains("name *:")
            }
            try app.session.press("Tab")
            try app.session.type("Basil Quire")
            try app.session.press("Enter")
            try await app.session.eventually("the author renamed") { screen in
                screen.contains("\"name\": \"Basil Quire\"") && screen.contains("\"id\": \"2\"")
            }

            // :history keeps the run's GraphQL requests for the service.
            try await app.command("history")
            try await app.session.eventually("the GraphQL requests in the history") { screen in
                screen.contains("requests kept for this service") && screen.contains("POST   /graphql")
            }

            let lines = server.requestLines()
            #expect(lines.first { $0.hasPrefix("POST ") } == "POST / HTTP/1.1", "the base URL is asked first: \(lines)")
            #expect(lines.filter { $0.hasPrefix("POST /graphql ") }.count >= 6, "\(lines)")
            #expect(try app.trestlePID() > 0, "trestle is still running")
        }
    }
}
