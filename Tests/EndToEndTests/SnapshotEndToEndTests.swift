import Foundation
import JSON
import TestSupport
import Testing

extension EndToEnd {
    /// `trestle snapshot` of a real test server, replayed offline with
    /// `--env fake --data`: the start screen, a list's first page, a record
    /// and a relation are the live run's, line by line (see ``SnapshotRoundTrip``).
    @Suite
    struct SnapshotEndToEndTests {
        typealias Step = SnapshotRoundTrip.Step

        @Test func aJSONServerIsReplayedAsItWasBrowsed() async throws {
            let server = try await EngineTestServer.start(
                file: BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json"))
            try await SnapshotRoundTrip.run(
                server.baseURL,
                [
                    .command("resources", shows: "photos"), .command("posts", shows: "posts 100"),
                    .command("users 3", shows: "\"id\": 3"), .press("1", shows: "› todos"),
                ])
            await server.stop()
        }

        @Test func anOpenAPIServiceIsReplayedAsItWasBrowsed() async throws {
            let server = try await LibraryTestServer.start()
            try await SnapshotRoundTrip.run(
                server.baseURL,
                [
                    .command("resources", shows: "reviews"), .command("authors", shows: "Ursula K. Le Guin"),
                    .command("authors italo-calvino", shows: "books (2)"),
                    .press("1", shows: "Book 25 of Italo Calvino"),
                ])
            await server.stop()
        }

        @Test func aHALServiceIsReplayedAsItWasBrowsed() async throws {
            let server = try await HALTestServer.start()
            try await SnapshotRoundTrip.run(
                server.apiRoot,
                [
                    .command("resources", shows: "books"), .command("books", shows: "Book 1 "),
                    // Its author is a link (`/books/1/author`): the snapshot keeps the author's id beside it.
                    .press("Enter", shows: "\"title\": \"Book 1\"", replayAdds: ["\"author\": 1,"]),
                    .press("1", shows: "\"name\""),
                ]
            ) { file in
                let book = file["books"]?.arrayValue?.first
                #expect(book?["author"] == .int(1))
                #expect(book?.value(atPath: "_links.author.href")?.stringValue?.hasSuffix("/books/1/author") == true)
                let relations = file.value(atPath: "_trestle.resources")?.arrayValue?.first { $0["name"] == "books" }?[
                    "relations"]
                #expect(relations?.arrayValue?.contains { $0["parent"] == "author" } == true)
            }
            await server.stop()
        }

        @Test func aDjangoRESTServiceIsReplayedAsItWasBrowsed() async throws {
            let server = try await DjangoTestServer.start()
            try await SnapshotRoundTrip.run(
                server.apiRoot,
                [
                    .command("resources", shows: "publishers"), .command("books", shows: "books"),
                    .press("Enter", shows: "\"title\""),
                ])
            await server.stop()
        }
    }
}
