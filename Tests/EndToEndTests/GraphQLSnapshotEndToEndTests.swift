import Foundation
import JSON
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// The promises a REST service keeps, kept by a GraphQL one (issue 41
    /// item 4 and the shared ones), against the real ariadne fixture
    /// (Tests/Fixtures/ariadne-library: 12 authors, 45 books, 4 publishers):
    /// a snapshot replayed offline, a list cached for a start offline,
    /// discovery remembered, and `:history`'s `R` on a mutation.
    @Suite
    struct GraphQLSnapshotEndToEndTests {
        typealias Library = RealAriadneEndToEndTests

        /// `trestle snapshot` of the service, the server stopped, the
        /// replay (`--env fake --data`): the start screen counted, books with
        /// their columns, `G` to the last, a record, its author (an object
        /// field) and the author's books (a relation the live service
        /// fetches through the author: in the replay, a filter on `author.id`);
        /// and `trestle serve --data` serves the same file.
        @Test func aGraphQLSnapshotIsBrowsedOffline() async throws {
            let server = try await FrameworkServer.start(.ariadne)
            defer { server.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = home.root.appendingPathComponent("library.json").path
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle,
                ["snapshot", file, "--all", "--env", "production", "--base-url", server.apiRoot.absoluteString],
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("Snapshot: "), "\(outcome.stdout)")
            let written = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(written["books"]?.arrayValue?.count == Library.bookCount)
            #expect(written["authors"]?.arrayValue?.count == Library.authorNames.count)
            #expect(written.value(atPath: "_trestle.convention")?.stringValue == "graphql")
            let authorRelations =
                written.value(atPath: "_trestle.resources")?.arrayValue?
                .first { $0["name"] == "authors" }?["relations"]?.arrayValue ?? []
            #expect(authorRelations.contains { $0["children"] == "author.id" }, "\(authorRelations)")
            server.stop()

            // `trestle serve --data OUT` serves it as json-server: the relation is a filter on `author.id`.
            do {
                let served = try ServeProcess(copying: URL(fileURLWithPath: file), arguments: ["--read-only"])
                defer { served.stop() }
                let url = try #require(URL(string: served.url.absoluteString + "/books?author.id=9"))
                let (data, _) = try await URLSession.shared.data(from: url)
                let ids = try JSONParser.parse(data).arrayValue?.compactMap { $0["id"]?.stringValue }
                #expect(ids == ["9", "21", "33", "45"], "\(String(decoding: data, as: UTF8.self))")
            }

            let app = try RunningApp(["--env", "fake", "--delay", "0", "--data", file], home: home)
            defer { app.stop() }
            let start = try await app.session.eventually("the snapshot's collections, counted") { screen in
                ["authors", "books", "publishers"].allSatisfy { ResourceScreen.startCount(of: $0, in: screen) != nil }
            }
            #expect(ResourceScreen.startCount(of: "authors", in: start) == 12, "\(start)")
            #expect(ResourceScreen.startCount(of: "books", in: start) == Library.bookCount, "\(start)")
            #expect(ResourceScreen.startCount(of: "publishers", in: start) == 4, "\(start)")

            try await app.command("books")
            let list = try await app.session.eventually("books with their columns") { screen in
                screen.contains("Volume 01 ") && screen.contains("Title") && screen.contains("Year")
                    && screen.contains("Genre")
            }
            #expect(ResourceScreen.row(ofID: 2, in: list)?.contains("1974") == true, "\(list)")
            try await ConventionsEndToEndTests.walkToTheEnd(app, last: "Volume 45")

            try app.session.press("Enter")
            try await app.session.eventually("the last book and its relations") { screen in
                screen.contains("\"title\": \"Volume 45\"") && screen.contains("author →")
                    && screen.contains("publisher →")
            }
            let author = Library.author(ofBook: Library.bookCount)
            let books = (1...Library.bookCount).filter { Library.author(ofBook: $0) == author }
            try app.session.press("1")
            try await app.session.eventually("its author, the author's books counted") { screen in
                screen.contains("\"name\": \"\(Library.authorNames[author - 1])\"")
                    && screen.contains("books (\(books.count))")
            }
            try app.session.press("1")
            let related = try await app.session.eventually("the author's books") { screen in
                ResourceScreen.ids(in: screen).count == books.count && screen.contains("Volume")
            }
            #expect(ResourceScreen.ids(in: related) == books, "\(related)")
        }

        /// A list opened once is there on the next start with the server
        /// gone: the schema kept with the remembered endpoint, the page kept
        /// in the SQLite cache, shown as offline.
        @Test func aGraphQLListOpenedOnceIsThereOffline() async throws {
            let server = try await FrameworkServer.start(.ariadne)
            defer { server.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let arguments = ["--env", "production", "--base-url", server.apiRoot.absoluteString]
            do {
                let first = try RunningApp(arguments, reportingExit: true, home: home)
                defer { first.stop() }
                try await first.command("books")
                try await first.session.eventuallyShows("Volume 20 ")
                try first.session.press("q")
                try await first.session.eventuallyShows("Resources of this service")
                try first.session.press("q")
                let after = try await first.session.eventuallyShows(RunningApp.endMarker, timeout: 60)
                #expect(after.contains("exit=0"), "\(after)")
            }
            server.stop()

            let app = try RunningApp(arguments, home: home)
            defer { app.stop() }
            try await app.session.eventuallyShows("books")
            try await app.command("books")
            let screen = try await app.session.eventually("the cached books, offline") { screen in
                screen.contains("Volume 01 ") && ResourceScreen.status(screen).contains("offline")
            }
            #expect(ResourceScreen.ids(in: screen).prefix(3) == [1, 2, 3], "\(screen)")
            #expect(screen.contains("Title") && screen.contains("Year"), "\(screen)")
        }

        /// The second start goes to the GraphQL endpoint at once: no
        /// OpenAPI place, no convention look at the root, only the
        /// introspection query (revalidating what was remembered) and the
        /// screens' own queries.
        @Test func aGraphQLStartIsRemembered() async throws {
            let server = try await FrameworkServer.start(.ariadne)
            defer { server.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let arguments = ["--env", "production", "--base-url", server.apiRoot.absoluteString]
            let endpoint = "http://127.0.0.1:\(server.port)/graphql"
            do {
                let first = try RunningApp(arguments, reportingExit: true, home: home)
                defer { first.stop() }
                try await first.session.eventually("the schema's collections, counted") { screen in
                    screen.contains("(from the GraphQL schema at \(endpoint))")
                        && ResourceScreen.startCount(of: "books", in: screen) != nil
                }
                try first.session.press("q")
                let after = try await first.session.eventuallyShows(RunningApp.endMarker, timeout: 60)
                #expect(after.contains("exit=0"), "\(after)")
            }
            let firstLines = server.requestLines()
            #expect(firstLines.contains { $0.hasPrefix("GET ") }, "the first start looks for a document: \(firstLines)")

            let app = try RunningApp(arguments, home: home)
            defer { app.stop() }
            try await app.session.eventually("the schema's collections, counted again") { screen in
                screen.contains("(from the GraphQL schema at \(endpoint))")
                    && ["authors", "books", "publishers"].allSatisfy {
                        ResourceScreen.startCount(of: $0, in: screen) != nil
                    }
            }
            let second = Array(server.requestLines().dropFirst(firstLines.count))
            #expect(!second.isEmpty)
            #expect(second.allSatisfy { $0.hasPrefix("POST /graphql ") }, "the second start: \(second)")
        }

        /// `:history`'s `R` on a mutation (a `POST /graphql`): the form of
        /// the mutation it was, filled as it was sent; sent again, it adds
        /// the book again.
        @Test func aGraphQLMutationIsReplayedFromTheHistory() async throws {
            let server = try await FrameworkServer.start(.ariadne)
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await app.session.eventuallyShows("books")
            try await app.command("ops")
            try await app.session.eventuallyShows("/addBook")
            try app.session.press("Enter")
            try await app.session.eventuallyShows("input.title *:")
            try app.session.type("Atlas of Queries")
            try app.session.press("Tab")
            try app.session.type("2026")
            try app.session.press("Tab", "Tab")
            try app.session.type("3")
            try app.session.press("Enter")
            try await app.session.eventually("the book the mutation added") { screen in
                screen.contains("\"title\": \"Atlas of Queries\"") && screen.contains("\"id\": \"46\"")
            }

            try await app.command("history")
            try await app.session.eventually("the mutation, newest in the history") { screen in
                screen.contains("requests kept for this service") && screen.contains("POST   /graphql")
            }
            try app.session.press("R")
            let form = try await app.session.eventually("addBook's form, filled as it was sent") { screen in
                screen.contains("input.title *:") && screen.contains("Atlas of Queries")
            }
            #expect(form.contains("2026"), "\(form)")
            try app.session.press("Enter")
            try await app.session.eventually("the book added again") { screen in
                screen.contains("\"title\": \"Atlas of Queries\"") && screen.contains("\"id\": \"47\"")
            }
            let mutations = server.requestLines().filter { $0.hasPrefix("POST /graphql ") }
            #expect(!mutations.isEmpty)
        }
    }
}
