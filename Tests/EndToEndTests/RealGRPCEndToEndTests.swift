import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The real binary against a real gRPC service (grpcio 1.85.1 with
    /// grpcio-reflection, which serves reflection v1alpha only:
    /// Tests/Fixtures/grpc-library), given only `grpc://127.0.0.1:PORT`:
    /// discovery asks reflection v1 (UNIMPLEMENTED), then v1alpha; the same
    /// screens as a REST service's walk it — start screen, list with
    /// columns, `G` to the end by page token, a record, its author (a
    /// relation by resource name), a unary method from its form, `:curl` as
    /// grpcurl, the inspector and `:history`.
    @Suite
    struct RealGRPCEndToEndTests {
        /// server.py's library: 120 books, 12 authors; book n is "Volume nnn"
        /// by `authors/((n − 1) % 12 + 1)`, written in 1900 + (n·37) % 120.
        static let authorNames = [
            "Ada Lantern", "Basil Quarry", "Cora Vellum", "Dmitri Ash", "Edith Marrow", "Felix Dune",
            "Greta Holm", "Hugo Reed", "Iris Cant", "Jonas Pike", "Kira Wold", "Leo Brandt",
        ]
        static let bookCount = 120
        static let service = "library.v1.Library"

        static func author(ofBook book: Int) -> Int { (book - 1) % 12 + 1 }

        @Test func aRealGRPCServiceIsWalkedLikeARESTOne() async throws {
            let server = try await FrameworkServer.start(.grpc)
            defer { server.stop() }
            let base = server.apiRoot.absoluteString
            #expect(base == "grpc://127.0.0.1:\(server.port)")
            let app = try RunningApp(
                ["--env", "production", "--base-url", base],
                environment: ["TRESTLE_CONFIRM_PRODUCTION_WRITES": "true"])
            defer { app.stop() }
            let start = try await app.session.eventually("the reflected collections, counted") { screen in
                screen.contains("(from the gRPC reflection of \(base))")
                    && ["authors", "books"].allSatisfy { ResourceScreen.startCount(of: $0, in: screen) != nil }
            }
            #expect(ResourceScreen.startCount(of: "books", in: start) == Self.bookCount)
            #expect(ResourceScreen.startCount(of: "authors", in: start) == 12)
            let reflection = server.calls().filter { $0.hasSuffix("/ServerReflectionInfo") }
            #expect(reflection.first == "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo", "\(reflection)")
            #expect(reflection.contains("/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"))

            // The books: ListBooks' repeated field, its scalar and enum fields as columns, 20 a page.
            try await app.command("books")
            let list = try await app.session.eventually("books with their fields as columns") { screen in
                screen.contains("Volume 001 ") && screen.contains("Title") && screen.contains("Year")
                    && screen.contains("Genre") && screen.contains("In Print")
            }
            let second = list.components(separatedBy: "\n").first { $0.hasPrefix("books/2 ") } ?? ""
            #expect(second.contains("Volume 002") && second.contains("1974") && second.contains("ESSAY"), "\(list)")
            #expect(second.contains("9780000000002"), "int64 as text: \(list)")
            // `G`: page after page, each asked with the page_token the one before ended on.
            try await ConventionsEndToEndTests.walkToTheEnd(app, last: "Volume 120")
            #expect(server.calls().filter { $0 == "/\(Self.service)/ListBooks" }.count >= 6, "\(server.calls())")

            // The last book (GetBook by its name), its author (a field holding `authors/12`).
            try app.session.press("Enter")
            try await app.session.eventually("the last book and its author relation") { screen in
                screen.contains("\"title\": \"Volume 120\"") && screen.contains("\"name\": \"books/120\"")
                    && screen.contains("author →")
            }
            let author = Self.author(ofBook: Self.bookCount)
            try app.session.press("1")
            try await app.session.eventually("its author, opened by GetAuthor") { screen in
                screen.contains("\"displayName\": \"\(Self.authorNames[author - 1])\"")
                    && screen.contains("\"name\": \"authors/\(author)\"")
            }
            #expect(server.calls().contains("/\(Self.service)/GetAuthor"))

            // :curl: the grpcurl command that repeats the call.
            try await app.command("curl")
            try await app.session.eventuallyShows(
                "grpcurl -plaintext -d '{\"name\":\"authors/\(author)\"}' '127.0.0.1:\(server.port)' \(Self.service)/GetAuthor"
            )
            try app.session.press("Escape")

            // A unary method from its form: CreateBook's request fields.
            try await app.command("books")
            try await app.session.eventuallyShows("Volume 001 ")
            try await app.command("ops")
            let listed = try await app.session.eventually("the other unary methods as operations") { screen in
                screen.contains("Operations of the service") && screen.contains("/\(Self.service)/CreateBook")
                    && screen.contains("/\(Self.service)/CountBooks")
            }
            #expect(!listed.contains("/\(Self.service)/ListBooks"), "a collection's method is no operation: \(listed)")
            try app.session.press("Enter")
            try await app.session.eventually("CreateBook's form") { screen in
                screen.contains("title:") && screen.contains("author:") && screen.contains("year:")
                    && screen.contains("genre:")
            }
            try app.session.type("Atlas of Calls")
            try app.session.press("Tab")
            try app.session.type("authors/3")
            try app.session.press("Tab")
            try app.session.type("2026")
            try app.session.press("Tab")
            try app.session.type("ESSAY")
            try app.session.press("Enter")
            try await app.session.eventuallyShows("type yes to write to production")
            try app.session.type("yes")
            try app.session.press("Enter")
            let added = try await app.session.eventually("the book the call created") { screen in
                screen.contains("\"title\": \"Atlas of Calls\"") && screen.contains("\"name\": \"books/121\"")
            }
            #expect(added.contains("\"genre\": \"ESSAY\"") && added.contains("\"year\": 2026"), "\(added)")
            #expect(added.contains("grpc-status: 0"), "\(added)")

            // The inspector (`I`): every call, the newest the CreateBook, its request and grpcurl.
            try app.session.press("I")
            let inspector = try await app.session.eventually("the calls of the run") { screen in
                screen.contains("requests of this run") && screen.contains("POST   /\(Self.service)/CreateBook")
            }
            #expect(inspector.contains("POST   /\(Self.service)/GetBook"), "\(inspector)")
            #expect(inspector.contains("POST   /\(Self.service)/ListBooks"), "\(inspector)")
            try app.session.press("Enter")
            let call = try await app.session.eventually("the CreateBook call") { screen in
                screen.contains("Request body") && screen.contains("\"title\": \"Atlas of Calls\"")
                    && screen.contains("As curl")
            }
            #expect(call.contains("grpcurl -plaintext -d '{\"title\":\"Atlas of Calls\""), "\(call)")
            #expect(call.contains("content-type: application/grpc"), "\(call)")

            // :history keeps the run's gRPC calls for the service.
            try await app.command("history")
            try await app.session.eventually("the gRPC calls in the history") { screen in
                screen.contains("requests kept for this service")
                    && screen.contains("POST   /\(Self.service)/CreateBook")
            }
            #expect(server.calls().contains("/\(Self.service)/CreateBook"))

            // A call the server refuses: its status and message, the HTTP status grpc-gateway would answer.
            try await app.command("ops")
            try await app.session.eventuallyShows("/\(Self.service)/CreateBook")
            try app.session.press("Enter")
            try await app.session.eventuallyShows("title:")
            // An empty form, sent (the confirmation is not asked again in this run).
            try app.session.press("Enter")
            let refused = try await app.session.eventually("the server's status") { screen in
                screen.contains("\"code\": \"INVALID_ARGUMENT\"") && screen.contains("title is required")
            }
            #expect(refused.contains("400"), "\(refused)")
            #expect(refused.contains("grpc-status: INVALID_ARGUMENT"), "\(refused)")
            #expect(try app.trestlePID() > 0, "trestle is still running")
        }

        /// `grpcs://` with a private CA: refused without `caFile:`, browsed with it.
        @Test func aGRPCServiceOverTLSOpensWithItsCaFile() async throws {
            let certificates = try await TestCertificates.make()
            defer { certificates.remove() }
            let server = try await FrameworkServer.start(
                .grpc, tls: (certificates.pem("server"), certificates.key("server")))
            defer { server.stop() }
            let base = server.apiRoot.absoluteString
            #expect(base == "grpcs://127.0.0.1:\(server.port)")
            for caFile in [nil, certificates.caFile] {
                let home = try TemporaryHome()
                defer { home.remove() }
                try home.writeConfig(
                    """
                    services:
                      - name: library
                        baseURL: \(base)
                    \(caFile.map { "    caFile: \($0)" } ?? "")
                    """)
                let app = try RunningApp(["--env", "production", "--service", "library"], home: home)
                defer { app.stop() }
                guard caFile != nil else {
                    try await app.session.eventuallyShows("No gRPC reflection at \(base)")
                    #expect(server.calls().isEmpty, "no call passed the handshake: \(server.calls())")
                    continue
                }
                let start = try await app.session.eventually("the collections over TLS") { screen in
                    screen.contains("(from the gRPC reflection of \(base))")
                        && ResourceScreen.startCount(of: "books", in: screen) == Self.bookCount
                }
                #expect(start.contains("authors"), "\(start)")
                try await app.command("books")
                try await app.session.eventuallyShows("Volume 001 ")
                try app.session.press("Enter")
                try await app.session.eventuallyShows("\"title\": \"Volume 001\"")
                try await app.command("curl")
                try await app.session.eventuallyShows("grpcurl -cacert '\(certificates.caFile)' -d")
            }
        }
    }
}
