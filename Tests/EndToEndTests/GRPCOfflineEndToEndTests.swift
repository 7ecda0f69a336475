import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A gRPC service in the SQLite cache (issue 41): the real grpcio library
    /// (Tests/Fixtures/grpc-library) browsed once, then stopped; a second
    /// start with the same home asks reflection again, gets no answer, and
    /// begins from the reflection the first kept — the books drawn from the
    /// cache, marked as REST marks an offline copy.
    @Suite
    struct GRPCOfflineEndToEndTests {
        @Test func aGRPCServiceStartsOfflineFromWhatItsLastStartKept() async throws {
            let server = try await FrameworkServer.start(.grpc)
            defer { server.stop() }
            let base = server.apiRoot.absoluteString
            let home = try TemporaryHome()
            defer { home.remove() }
            let arguments = ["--env", "production", "--base-url", base, "--timeout", "5"]

            let first = try RunningApp(arguments, reportingExit: true, home: home)
            defer { first.stop() }
            try await first.session.eventually("the reflected collections") { screen in
                screen.contains("(from the gRPC reflection of \(base))")
                    && ResourceScreen.startCount(of: "books", in: screen) == RealGRPCEndToEndTests.bookCount
            }
            try await first.command("books")
            try await first.session.eventuallyShows("Volume 001 ")
            try first.session.press("Enter")
            try await first.session.eventuallyShows("\"title\": \"Volume 001\"")
            // The author of book 1 (GetAuthor), kept to name the relation offline.
            try await first.session.eventually("the author's name on the relation line") { screen in
                screen.contains("author →") && screen.contains("Ada Lantern")
            }
            // Quit (the cache's last writes land), then the server goes.
            try await first.command("quit")
            try await first.session.eventuallyShows(RunningApp.endMarker, timeout: 60)
            first.stop()
            server.stop()

            let second = try RunningApp(arguments + ["books"], home: home)
            defer { second.stop() }
            let offline = try await second.session.eventually("the kept books, marked offline") { screen in
                screen.contains("Volume 001 ") && screen.contains("Volume 020 ") && screen.contains("offline · cached")
            }
            #expect(!offline.contains("No gRPC reflection"), "\(offline)")
            let lines = offline.components(separatedBy: "\n")
            #expect(lines.last { !$0.isEmpty }?.contains("offline · cached") == true, "\(offline)")
            // A record opened offline: its row, the relation named from the kept GetAuthor, and the error.
            try second.session.press("Enter")
            let record = try await second.session.eventually("book 1 offline") { screen in
                screen.contains("\"title\": \"Volume 001\"") && screen.contains("r to retry")
            }
            #expect(record.contains("Ada Lantern"), "the kept author names the relation: \(record)")
            // The start screen lists the kept collections.
            try await second.command("resources")
            try await second.session.eventually("the remembered collections") { screen in
                screen.contains("(from the gRPC reflection of \(base))") && screen.contains("authors")
            }
        }

        /// `trestle get` of a gRPC service nothing answers at: its target and
        /// why, in one line, not an HTTP client's "Invalid URL" for `grpc://`.
        @Test func getOfAnUnreachableGRPCServiceSaysItCannotConnect() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let base = "grpc://127.0.0.1:1"  // nothing listens on port 1
            let outcome = try await CLIOutputEndToEndTests.run(
                ["get", "books", "--env", "production", "--base-url", base], terminal: false, home: home)
            #expect(outcome.status == 1, "\(outcome)")
            #expect(!outcome.stderr.contains("Invalid URL"), "\(outcome.stderr)")
            #expect(
                outcome.stderr.contains("No gRPC reflection at \(base): Cannot reach the gRPC service"),
                "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty, "\(outcome.stdout)")
        }
    }
}
