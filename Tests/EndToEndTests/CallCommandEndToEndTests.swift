import Foundation
import JSON
import TestSupport
import Testing

extension EndToEnd {
    /// `trestle call`: the operations of a real server's OpenAPI document
    /// (127.0.0.1, FastAPI's shape) run by the real binary with no terminal:
    /// `--list`, a read printed as JSON into a pipe, a write refused without
    /// `--yes` in production and with `--read-only`, sent with `--yes`, a 404
    /// exiting 1, and the form's validation as one line naming the field.
    @Suite
    struct CallCommandEndToEndTests {
        static func call(_ server: LibraryTestServer, _ arguments: [String], home: TemporaryHome) async throws
            -> ProcessOutcome
        {
            try await ProcessRunner.runOnThread(
                BuiltProducts.trestle,
                ["call"] + arguments + ["--env", "production", "--base-url", server.baseURL.absoluteString],
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
        }

        static let checkout = "checkout_book_books__book_id__checkout_post"

        @Test func operationsRunHeadless() async throws {
            let server = try await LibraryTestServer.start(operations: true)
            let home = try TemporaryHome()
            defer { home.remove() }
            let book = LibraryTestServer.bookID(1)

            let list = try await Self.call(server, ["--list"], home: home)
            #expect(list.status == 0, "\(list)")
            #expect(list.stdout.contains("library_stats_stats_get  GET /stats  genre"), "\(list.stdout)")
            #expect(list.stdout.contains("\(Self.checkout)  POST /books/{book_id}/checkout  book_id reader days"))

            let stats = try await Self.call(server, ["library_stats_stats_get", "genre=novel"], home: home)
            #expect(stats.status == 0, "\(stats)")
            let value = try JSONParser.parse(stats.stdout)
            #expect(value["books"] == .int(13), "\(stats.stdout)")
            #expect(await server.requests.filter { $0.path == "/stats" }.map(\.query) == ["genre=novel"])

            // A write to production asks: --yes is the answer for scripts.
            let unasked = try await Self.call(server, [Self.checkout, "book_id=\(book)", "reader=ann"], home: home)
            #expect(unasked.status == 2, "\(unasked)")
            #expect(unasked.stderr.contains("--yes"), "\(unasked.stderr)")
            let readOnly = try await Self.call(
                server, [Self.checkout, "book_id=\(book)", "reader=ann", "--yes", "--read-only"], home: home)
            #expect(readOnly.status == 2, "\(readOnly)")
            #expect(readOnly.stderr.contains("--read-only"), "\(readOnly.stderr)")
            #expect(await server.checkouts == 0, "a refused write was sent")

            let sent = try await Self.call(
                server, [Self.checkout, "book_id=\(book)", "reader=ann", "days=7", "--yes"], home: home)
            #expect(sent.status == 0, "\(sent)")
            let receipt = try JSONParser.parse(sent.stdout)
            #expect(receipt["reader"] == .string("ann") && receipt["days"] == .int(7), "\(sent.stdout)")
            #expect(await server.checkouts == 1)

            // The form's validation: a required field, a typed one, an unknown one — one line each, nothing sent.
            for (words, named) in [
                (["book_id=\(book)"], "reader"), (["book_id=\(book)", "reader=ann", "days=many"], "days"),
                (["book_id=\(book)", "reader=ann", "colour=red"], "colour"),
            ] {
                let refused = try await Self.call(server, [Self.checkout, "--yes"] + words, home: home)
                #expect(refused.status == 2, "\(words): \(refused)")
                #expect(refused.stderr.contains(named), "\(words): \(refused.stderr)")
                #expect(refused.stderr.trimmingCharacters(in: .newlines).components(separatedBy: "\n").count == 1)
            }
            #expect(await server.checkouts == 1)

            // A 404: its body printed, exit 1.
            let missing = try await Self.call(
                server, [Self.checkout, "book_id=00000000-0000-0000-0000-000000000000", "reader=ann", "--yes"],
                home: home)
            #expect(missing.status == 1, "\(missing)")
            #expect(missing.stdout.contains("Not Found"), "\(missing.stdout)")
            #expect(missing.stderr.contains("404"), "\(missing.stderr)")

            let unknown = try await Self.call(server, ["no_such_operation"], home: home)
            #expect(unknown.status == 2 && unknown.stderr.contains("no_such_operation"), "\(unknown)")
            await server.stop()
        }

        /// On a terminal the answer is coloured (keys, numbers); its text is the same JSON.
        @Test func aTerminalGetsColours() async throws {
            let server = try await LibraryTestServer.start(operations: true)
            let app = try RunningApp(
                [
                    "call", "library_stats_stats_get", "--env", "production", "--base-url",
                    server.baseURL.absoluteString,
                ], environment: ["NO_COLOR": ""], reportingExit: true)
            defer { app.stop() }
            _ = try await app.session.eventuallyShows(RunningApp.endMarker)
            let styled = try app.session.screenWithStyles()
            #expect(styled.contains("\u{1B}[34m\"books\""), "keys are not blue: \(styled)")
            #expect(styled.contains("\u{1B}[36m40"), "numbers are not cyan: \(styled)")
            #expect(try app.session.screen().contains("exit=0"))
            await server.stop()
        }

        /// The shell's completion (argument-parser's custom completion, the
        /// binary asked): operation names, then the operation's fields.
        @Test func completionsNameOperationsAndFields() async throws {
            let server = try await LibraryTestServer.start(operations: true)
            let home = try TemporaryHome()
            defer { home.remove() }
            let line = ["trestle", "call", "--env", "production", "--base-url", server.baseURL.absoluteString]
            func complete(_ argument: String, _ words: [String]) async throws -> ProcessOutcome {
                let last = words.last ?? ""
                return try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle,
                    ["---completion", "call", "--", argument, "\(words.count - 1)", "\(last.count)"] + words,
                    environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
            }
            let names = try await complete("positional@0", line + ["lib"])
            #expect(names.stdout.contains("library_stats_stats_get"), "\(names)")
            #expect(!names.stdout.contains("checkout"), "\(names)")
            let fields = try await complete("positional@1", line + [Self.checkout, "re"])
            #expect(fields.stdout.contains("reader="), "\(fields)")
            #expect(!fields.stdout.contains("days="), "\(fields)")
            await server.stop()
        }

        /// A real framework: Django Ninja's own document (`TRESTLE_NINJA_VENV`).
        /// Its operations are listed by their `operationId`s; a book is
        /// created (201 or 200, its JSON printed), a missing one deleted
        /// answers 404 (exit 1), a field of the wrong type is refused before
        /// anything is sent.
        @Test func djangoNinjasOperationsRunHeadless() async throws {
            let server = try await FrameworkServer.start(.ninja)
            defer { server.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            // The base URL is the API's root (`…/api`) while the document's paths
            // start with `/api`: operations are said below the base URL, as
            // collections are (`/books`, sent to `…/api/books`, never `/api/api/books`).
            let base = server.apiRoot.absoluteString
            let origin = "http://127.0.0.1:\(server.apiRoot.port ?? 0)"
            func call(_ arguments: [String]) async throws -> ProcessOutcome {
                try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle,
                    ["call"] + arguments + [
                        "--env", "production", "--base-url", base, "--openapi", origin + "/api/openapi.json", "--yes",
                    ],
                    environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
            }
            let list = try await call(["--list"])
            #expect(list.status == 0, "\(list)")
            let lines = list.stdout.components(separatedBy: "\n")
            let create = lines.first { $0.contains("  POST /") && $0.contains("books  ") }?
                .components(separatedBy: " ").first
            let delete = lines.first { $0.contains("  DELETE /") && $0.contains("books/{book_id}") }?
                .components(separatedBy: " ").first
            guard let create, let delete else {
                Issue.record("no create or delete of books: \(list.stdout)")
                return
            }
            let created = try await call([
                create, "title=Curl In", "year=2026", "pages=12", "publisher_id=1", "author_id=1",
            ])
            #expect(created.status == 0, "\(created)")
            #expect(created.stdout.contains("\"id\""), "\(created.stdout)")
            let typed = try await call([create, "title=x", "year=soon", "pages=1", "publisher_id=1", "author_id=1"])
            #expect(typed.status == 2 && typed.stderr.contains("year"), "\(typed)")
            let missing = try await call([delete, "book_id=999999"])
            #expect(missing.status == 1, "\(missing)")
            #expect(missing.stderr.contains("404"), "\(missing.stderr)")
        }
    }
}
