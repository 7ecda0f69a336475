import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// `trestle get` on collections discovered from an OpenAPI document.
    @Suite
    struct OpenAPIGetEndToEndTests {
        static func get(_ arguments: [String]) async throws -> ProcessOutcome {
            let home = try TemporaryHome()
            defer { home.remove() }
            return try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["get"] + arguments,
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
        }

        @Test func getReadsEveryPageOfADiscoveredCollection() async throws {
            let server = try await LibraryTestServer.start()
            let base = server.baseURL.absoluteString
            let authors = try await Self.get(["authors", "--format", "json", "--env", "production", "--base-url", base])
            let books = try await Self.get(["books", "--format", "csv", "--env", "production", "--base-url", base])
            let requests = await server.requests
            await server.stop()
            #expect(authors.status == 0, "stderr: \(authors.stderr)")
            let parsed = try #require(
                try JSONSerialization.jsonObject(with: Data(authors.stdout.utf8)) as? [[String: Any]])
            // Ten at a time by limit/offset, all 23.
            #expect(parsed.count == LibraryTestServer.authorCount)
            #expect(parsed.compactMap { $0["id"] as? String } == LibraryTestServer.authorIDs)
            #expect(requests.contains { $0.path == "/authors" && $0.query == "limit=10&offset=20" })
            #expect(books.status == 0, "stderr: \(books.stderr)")
            let lines = books.stdout.split(separator: "\n")
            #expect(lines.count == 1 + LibraryTestServer.bookCount)
            #expect(lines.dropFirst().first?.hasPrefix(LibraryTestServer.bookID(1)) == true)
        }

        @Test func getReadsASpringServiceThroughAYAMLDocumentGivenByFlag() async throws {
            let server = try await LibraryTestServer.start(.spring)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-e2e-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("library.yaml")
            try Data(LibraryDocuments.spring.utf8).write(to: file)
            let books = try await Self.get([
                "books", "--format", "json", "--env", "production", "--base-url", server.baseURL.absoluteString,
                "--openapi", file.path, "--catalog", "none",
            ])
            let requests = await server.requests
            await server.stop()
            #expect(books.status == 0, "stderr: \(books.stderr)")
            let parsed = try #require(
                try JSONSerialization.jsonObject(with: Data(books.stdout.utf8)) as? [[String: Any]])
            #expect(parsed.count == LibraryTestServer.bookCount)
            #expect(parsed.first?["authorId"] as? String == LibraryTestServer.authorIDs[0])
            // Pages from 0, 20 at a time; the document came from the file, not the server.
            #expect(
                requests.map { "\($0.path)?\($0.query ?? "")" } == [
                    "/api/books?page=0&size=20", "/api/books?page=1&size=20",
                ])
        }

        @Test func aBrokenDocumentIsOneLineAndGetGoesOn() async throws {
            let server = try await LibraryTestServer.start()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-e2e-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("broken.json")
            let broken = LibraryDocuments.fastAPI.replacingOccurrences(
                of: ##""$ref": "#/components/schemas/Page_Book_""##, with: ##""$ref": "#/components/schemas/Nope""##)
            try Data(broken.utf8).write(to: file)
            let outcome = try await Self.get([
                "reviews", "--format", "json", "--env", "production", "--base-url", server.baseURL.absoluteString,
                "--openapi", file.path,
            ])
            await server.stop()
            let warning = outcome.stderr.split(separator: "\n").filter { $0.contains("OpenAPI document") }
            #expect(warning.count == 1, "stderr: \(outcome.stderr)")
            #expect(
                warning.first?.contains("at #/paths/~1books/get/responses/200/content/application~1json/schema") == true
            )
        }
    }
}
