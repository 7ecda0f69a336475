import Foundation
import JSON
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// The real binary against two json-server-like mocks from PyPI that
    /// publish no document, no `/db` and no convention Trestle knows, but
    /// name their collections at their root (``FrameworkServer``):
    /// simple-json-server answers the names (`["publishers", …]`),
    /// json-server-py the whole database. Given only the URL, the start
    /// screen lists the collections, counted; a write key asks the service
    /// what its records take, and does what the answer allows. pyjserver,
    /// whose root names them in words of its own, is opened by name: its
    /// records take `PUT` only.
    @Suite
    struct RealRootNamesEndToEndTests {
        /// The start screen of the names at `server`'s root, counted.
        private func start(_ server: FrameworkServer) async throws -> RunningApp {
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            do {
                let screen = try await app.session.eventually("the collections the root names, counted") { screen in
                    screen.contains("(from the names at the root)")
                        && ["publishers", "authors", "books"].allSatisfy {
                            ResourceScreen.startCount(of: $0, in: screen) != nil
                        }
                }
                #expect(ResourceScreen.startCount(of: "publishers", in: screen) == FrameworkServer.publisherCount)
                #expect(ResourceScreen.startCount(of: "authors", in: screen) == FrameworkServer.authorCount)
                #expect(ResourceScreen.startCount(of: "books", in: screen) == FrameworkServer.bookCount)
                try await app.command("books")
                try await app.eventuallyBooks()
            } catch {
                app.stop()
                throw error
            }
            return app
        }

        /// simple-json-server: its root is `["publishers", "authors",
        /// "books"]`; it has no `OPTIONS` (501), so its books stay read-only.
        @Test func simpleJSONServersRootNamesItsCollections() async throws {
            let server = try await FrameworkServer.start(.simpleJSONServer)
            defer { server.stop() }
            let app = try await start(server)
            defer { app.stop() }
            try app.session.press("Space")
            try await app.session.eventually("books read-only") { screen in
                ResourceScreen.status(screen).contains("books are read-only here")
            }
            let requests = server.requestLines()
            #expect(requests.contains("GET / HTTP/1.1"), "\(requests)")
            #expect(requests.contains("OPTIONS /books/1 HTTP/1.1"), "\(requests)")
            #expect(!requests.contains { $0.hasPrefix("PATCH") }, "\(requests)")
        }

        /// json-server-py: its root is the whole database; its `OPTIONS`
        /// answers 204 with CORS's methods, `PATCH` among them, so Space on
        /// book 3 (out of print) flips `in_print` at the server.
        @Test func jsonServerPysRootIsItsDatabaseAndItsCORSMethodsTakeTheToggle() async throws {
            let server = try await FrameworkServer.start(.jsonServerPy)
            defer { server.stop() }
            let app = try await start(server)
            defer { app.stop() }
            try await app.toggleBook3()
            #expect(try await LibraryBooks.book(3, of: server)?["in_print"] == true)
            let requests = server.requestLines()
            #expect(requests.contains("OPTIONS /books/3 HTTP/1.1"), "\(requests)")
            #expect(requests.contains("PATCH /books/3 HTTP/1.1"), "\(requests)")
        }

        /// pyjserver (Flask): its records take `PUT` and no `PATCH`, as
        /// Flask's `OPTIONS` says (`Allow: DELETE, HEAD, OPTIONS, GET, PUT`):
        /// Space on book 3 reads it and sends it back whole, `in_print` flipped.
        @Test func pyjserversBooksTakeTheToggleAsAPutOfTheWholeBook() async throws {
            let server = try await FrameworkServer.start(.pyjserver)
            defer { server.stop() }
            let app = try await LibraryBooks.open(server)
            defer { app.stop() }
            try await app.toggleBook3()
            let saved = try await LibraryBooks.book(3, of: server)
            #expect(saved?["in_print"] == true && saved?["title"] == "Chronicle 3" && saved?["year"] == 1943)
            let requests = server.requestLines()
            #expect(requests.contains("OPTIONS /books/3 HTTP/1.1"), "\(requests)")
            #expect(requests.contains("PUT /books/3 HTTP/1.1"), "\(requests)")
            #expect(!requests.contains { $0.hasPrefix("PATCH") }, "\(requests)")
        }
    }
}
