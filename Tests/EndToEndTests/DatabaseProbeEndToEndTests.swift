import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Discovery asks json-server's `/db` to learn that a service is an
    /// object of collections, and holds at most a MiB of it: a large
    /// database is scanned as it arrives and held emptied (its keys and
    /// their kinds), known by that shape, and a small one is read whole
    /// with every collection, as before (issue 42's note: a million
    /// records were 115 MB held for one look). The bytes held are what the
    /// log's `http.bytes` says (the response's body); the bytes read are
    /// the whole answer now (up to 64 MiB), the price of naming every
    /// collection (DatabaseScanEndToEndTests).
    @Suite
    struct DatabaseProbeEndToEndTests {
        /// The most bytes of `/db` held: `DatabasePrefix.bytes`.
        static let prefix = 1024 * 1024

        /// `{"todos": [count records], "users": [two]}`.
        static func database(todos count: Int) -> Data {
            var text = #"{"todos": ["#
            text.reserveCapacity(count * 90)
            for id in 1...count {
                if id > 1 { text += "," }
                text += #"{"userId": \#(id % 10 + 1), "id": \#(id), "title": "todo number \#(id)", "completed": false}"#
            }
            text += #"], "users": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Bob"}]}"#
            return Data(text.utf8)
        }

        /// The bytes the app's log says each answer to `GET …/db` held
        /// (`http.bytes=`, the response's body), once `count` are there.
        static func databaseReads(in home: TemporaryHome, count: Int = 1) async throws -> [Int] {
            var reads: [Int] = []
            let found = await waitUntil {
                reads = home.log.split(separator: "\n").compactMap { line -> Int? in
                    guard line.contains("GET "), line.contains("/db ") || line.hasSuffix("/db"),
                        let range = line.range(of: "http.bytes=")
                    else { return nil }
                    return Int(line[range.upperBound...].prefix { $0.isNumber })
                }
                return reads.count >= count
            }
            #expect(found, "not \(count) answer(s) to /db in the log:\n\(home.log.suffix(4000))")
            return reads
        }

        /// A real `trestle serve --data` of 100,000 todos (about 7.7 MB):
        /// started without a launch target, Trestle opens on its todos (its
        /// document names them); the start screen holds at most a MiB of `/db`.
        @Test func aLargeServeDatabaseIsProbedByAPrefix() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "trestle-e2e-db-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("db.json")
            let data = Self.database(todos: 100_000)
            #expect(data.count > 4 * Self.prefix)
            try data.write(to: file)
            let serve = try ServeProcess(arguments: ["--data", file.path])
            defer { serve.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let app = try RunningApp(
                ["--env", "production", "--base-url", serve.url.absoluteString, "--log-level", "info"], home: home)
            defer { app.stop() }
            // The launch list, then the start screen, which asks `/db` what else the service holds.
            try await app.session.eventuallyShows("todo number 1")
            try app.session.press("Escape")
            try await app.session.eventuallyShows("Resources of this service")
            let reads = try await Self.databaseReads(in: home)
            #expect(reads.allSatisfy { $0 <= Self.prefix }, "bytes held of /db: \(reads) (whole: \(data.count))")
        }

        /// A json-server-like service (no document, its root 404) with a
        /// `/db` of 4.6 MB: the start knows it as a json-server by the
        /// emptied database's shape and opens on its `todos`; the start
        /// screen's look at `/db` holds at most a MiB too.
        @Test func aLargeDatabaseIsKnownByItsPrefix() async throws {
            let database = Self.database(todos: 60_000)
            #expect(database.count > 4 * Self.prefix)
            let server = try await TestHTTPServer.start { request in
                switch request.path {
                case "/db":
                    TestHTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: database)
                case "/todos":
                    .json(#"[{"userId": 1, "id": 1, "title": "the first todo", "completed": false}]"#)
                default:
                    .text("not found", status: 404)
                }
            }
            let home = try TemporaryHome()
            defer { home.remove() }
            do {
                let app = try RunningApp(
                    ["--env", "production", "--base-url", server.baseURL.absoluteString, "--log-level", "info"],
                    home: home)
                defer { app.stop() }
                // Known as a json-server by `/db`'s shape: the built-in catalog, on its todos.
                try await app.session.eventuallyShows("the first todo")
                try app.session.press("Escape")
                try await app.session.eventuallyShows("Resources of this service")
                // The start's look and the start screen's each hold at most a MiB.
                let reads = try await Self.databaseReads(in: home, count: 2)
                #expect(
                    reads.allSatisfy { $0 <= Self.prefix }, "bytes held of /db: \(reads) (whole: \(database.count))")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        /// A small json-server-like `/db` is read whole: every collection
        /// (and the object resource) is on the start screen, as before.
        @Test func aSmallDatabaseIsDiscoveredWithItsCollections() async throws {
            let database = #"{"books": [{"id": 1, "title": "Dune"}], "authors": [{"id": 1}], "shelf": {"name": "x"}}"#
            let server = try await TestHTTPServer.start { request in
                switch request.path {
                case "/db": .json(database)
                case "/books": .json(#"[{"id": 1, "title": "Dune"}]"#)
                case "/authors": .json(#"[{"id": 1}]"#)
                default: .text("not found", status: 404)
                }
            }
            let home = try TemporaryHome()
            defer { home.remove() }
            do {
                let app = try RunningApp(
                    ["--env", "production", "--base-url", server.baseURL.absoluteString, "--log-level", "info"],
                    home: home)
                defer { app.stop() }
                // A json-server: the built-in catalog's todos first (this one has none), then the start screen.
                try await app.session.eventuallyShows("Server answered 404")
                try app.session.press("Escape")
                let screen = try await app.session.eventually("books, authors and shelf") { screen in
                    screen.contains("books") && screen.contains("authors") && screen.contains("shelf")
                }
                #expect(screen.contains("books"))
                let reads = try await Self.databaseReads(in: home, count: 2)
                #expect(reads.allSatisfy { $0 == database.utf8.count }, "bytes read of /db: \(reads)")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }
}
