import Foundation
import JSON
import TestSupport
import Testing

extension EndToEnd {
    /// A gRPC service snapshotted and replayed offline (issue 41 item 4),
    /// against the real grpcio fixture (Tests/Fixtures/grpc-library: 120
    /// books, 12 authors, AIP-158 paging by token): the snapshot walks every
    /// page by its token through the backend's own calls; the server
    /// stopped, the fake replays the start screen, the books with their
    /// columns, `G` to the last, a record and its author (a field holding
    /// the author's resource name, `authors/3`).
    @Suite
    struct GRPCSnapshotEndToEndTests {
        @Test func aGRPCSnapshotIsBrowsedOffline() async throws {
            let server = try await FrameworkServer.start(.grpc)
            defer { server.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = home.root.appendingPathComponent("library.json").path
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle,
                ["snapshot", file, "--all", "--env", "production", "--base-url", server.apiRoot.absoluteString],
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("Snapshot: 2 collections, 132 records"), "\(outcome.stdout)")
            let written = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(written["books"]?.arrayValue?.count == 120)
            #expect(written["authors"]?.arrayValue?.count == 12)
            #expect(written.value(atPath: "_trestle.convention")?.stringValue == "grpc")
            // Every page was asked by the token of the one before (AIP-158).
            let calls = server.calls().filter { $0.hasSuffix("/ListBooks") }
            #expect(calls.count >= 6, "\(calls)")
            server.stop()

            let app = try RunningApp(["--env", "fake", "--delay", "0", "--data", file], home: home)
            defer { app.stop() }
            // Each collection's count arrives on its own: wait for both.
            let start = try await app.session.eventually("the snapshot's collections, counted") { screen in
                screen.contains("from the gRPC reflection of")
                    && ResourceScreen.startCount(of: "books", in: screen) != nil
                    && ResourceScreen.startCount(of: "authors", in: screen) != nil
            }
            #expect(ResourceScreen.startCount(of: "books", in: start) == 120, "\(start)")
            #expect(ResourceScreen.startCount(of: "authors", in: start) == 12, "\(start)")

            try await app.command("books")
            try await app.session.eventually("books with their columns") { screen in
                screen.contains("Volume 001") && screen.contains("Title") && screen.contains("Genre")
                    && screen.contains("authors/1")
            }
            try await ConventionsEndToEndTests.walkToTheEnd(app, last: "Volume 120")
            try app.session.press("Enter")
            let record = try await app.session.eventually("the last book and its author") { screen in
                screen.contains("\"title\": \"Volume 120\"") && screen.contains("author →")
            }
            let author = try #require(
                written["books"]?.arrayValue?.last?["author"]?.stringValue, "the last book's author")
            #expect(record.contains("author → \(author)"), "\(record)")
            try app.session.press("Tab")
            try app.session.press("Enter")
            try await app.session.eventually("the author, offline") { screen in
                screen.contains("\"name\": \"\(author)\"") && screen.contains("\"displayName\"")
            }
        }
    }
}
