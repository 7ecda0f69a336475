import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A service nobody wrote code for: described in the config file only
    /// (base URL, resources, columns, relations, toggle), browsed with
    /// `--service`, against a local server over its own data.
    @Suite
    struct ConfigServiceEndToEndTests {
        static let database = """
            {"books": [
               {"id": 1, "title": "Dune", "authorId": 1, "read": true, "year": 1965},
               {"id": 2, "title": "Emma", "authorId": 2, "read": false, "year": 1815},
               {"id": 3, "title": "Persuasion", "authorId": 2, "read": false, "year": 1817}],
             "authors": [{"id": 1, "name": "Frank Herbert"}, {"id": 2, "name": "Jane Austen"}],
             "reviews": [{"id": 7, "bookId": 2, "stars": 5, "text": "sharp"}]}
            """

        static func config(baseURL: String) -> String {
            """
            services:
              - name: library
                baseURL: \(baseURL)
                resources:
                  - name: books
                    label: title
                    columns:
                      - {field: id, width: 4, align: right}
                      - title
                      - {field: year, width: 6, align: right}
                      - {field: read, width: 6, align: center}
                    relations:
                      - {name: author, target: authors, parent: authorId}
                      - {name: reviews, children: bookId}
                    toggle: {field: read, on: read, off: unread}
                  - name: authors
                    label: name
                    relations:
                      - {name: books, children: authorId}
            """
        }

        @Test func aConfigDescribedServiceIsBrowsableWithItsRelations() async throws {
            let server = try await EngineTestServer.start(json: Self.database)
            do {
                let home = try TemporaryHome()
                defer { home.remove() }
                let folder = URL(fileURLWithPath: home.environment["XDG_CONFIG_HOME"] ?? "")
                    .appendingPathComponent("trestle")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Self.config(baseURL: server.baseURLString).write(
                    to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
                let app = try RunningApp(["--service", "library"], home: home)
                defer { app.stop() }

                // The first described resource opens, with its own columns and the service's URL.
                let books = try await app.session.eventuallyShows("books 3")
                #expect(books.contains("Dune") && books.contains("1965"))
                #expect(ResourceScreen.header(books).contains("books"))
                let columns = try #require(books.components(separatedBy: "\n").first { $0.contains("Title") })
                #expect(columns.contains("Year") && columns.contains("Read"))
                #expect(ResourceScreen.status(books).contains(server.baseURLString))

                // Its toggle field, written to the server.
                try app.session.press("Space")
                try await app.session.eventually("book 1 toggled") {
                    ResourceScreen.status($0).contains("Book 1 marked unread")
                }

                // Parent relation: book 2 → its author; children back: author → books.
                try app.session.press("j", "Enter")
                try await app.session.eventually("book 2's detail") {
                    $0.contains("1 author → 2") && $0.contains("2 reviews (1)")
                }
                try app.session.press("1")
                try await app.session.eventually("the author") {
                    ResourceScreen.header($0).contains("books › 2 Emma › author 2 Jane Austen")
                        && $0.contains("1 books (2)")
                }
                try app.session.press("Enter")
                let authored = try await app.session.eventually("Jane Austen's books") {
                    $0.contains("where authorId = 2") && $0.contains("Persuasion") && $0.contains("Emma")
                }
                #expect(!authored.contains("Dune"))

                // A target nobody described gets columns from its data.
                try app.session.press("Escape", "Escape")
                try app.session.press("2")
                let reviews = try await app.session.eventually("book 2's reviews") {
                    $0.contains("where bookId = 2") && $0.contains("sharp")
                }
                let reviewColumns = try #require(reviews.components(separatedBy: "\n").first { $0.contains("Stars") })
                #expect(reviewColumns.contains("Text"))
                #expect(await server.requestLines().contains("PATCH /books/1"))
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        /// A service entry with only a name and a base URL: its collections
        /// come from the service itself (here its OpenAPI document), as for
        /// `--base-url`; no `resources:` list is needed.
        @Test func aServiceWithOnlyABaseURLFindsItsCollections() async throws {
            let server = try await EngineTestServer.start(json: Self.database)
            do {
                let home = try TemporaryHome()
                defer { home.remove() }
                let folder = URL(fileURLWithPath: home.environment["XDG_CONFIG_HOME"] ?? "")
                    .appendingPathComponent("trestle")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try "services:\n  - name: plain\n    baseURL: \(server.baseURLString)\n".write(
                    to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
                let app = try RunningApp(["--service", "plain"], home: home)
                defer { app.stop() }

                try await app.session.eventually("the first screen") { $0.contains("books") }
                try app.session.type(":resources")
                try app.session.press("Enter")
                let start = try await app.session.eventually("the service's own collections") {
                    $0.contains("books") && $0.contains("authors") && $0.contains("reviews")
                }
                #expect(!start.contains("missing"))
                try app.session.type(":authors")
                try app.session.press("Enter")
                try await app.session.eventually("its authors") { $0.contains("Jane Austen") }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }
}
