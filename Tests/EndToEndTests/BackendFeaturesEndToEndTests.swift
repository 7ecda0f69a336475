import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// `:freq` and `:watch` on the backends that are not REST, the real
    /// servers again (ariadne for GraphQL, grpcio for gRPC): the screens do
    /// not know which backend answers, so a frequency table counts a
    /// GraphQL or gRPC list's loaded rows, and a watched list is asked
    /// again every interval by the backend's own call.
    @Suite
    struct BackendFeaturesEndToEndTests {
        enum Backend: String, CaseIterable, CustomTestStringConvertible {
            case graphQL, gRPC

            var testDescription: String { rawValue }
            var framework: FrameworkServer.Framework { self == .graphQL ? .ariadne : .grpc }
            /// The first book's title as the list shows it.
            var firstTitle: String { self == .graphQL ? "Volume 01" : "Volume 001" }
            /// Book 2's genre as each service spells it (a GraphQL string, a proto enum's name).
            var essay: String { self == .graphQL ? "essay" : "ESSAY" }

            /// How many times the server was asked for books so far.
            func listCalls(_ server: FrameworkServer) -> Int {
                switch self {
                case .graphQL: server.requestPaths().filter { $0.hasPrefix("/graphql") }.count
                case .gRPC: server.calls().filter { $0.hasSuffix("/ListBooks") }.count
                }
            }
        }

        static func onBooks(_ backend: Backend, _ body: (RunningApp, FrameworkServer) async throws -> Void)
            async throws
        {
            let server = try await FrameworkServer.start(backend.framework)
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await app.session.eventually("the collections, counted") {
                ResourceScreen.startCount(of: "books", in: $0) != nil
            }
            try await app.command("books")
            try await app.session.eventually("the books") { $0.contains(backend.firstTitle + " ") }
            try await body(app, server)
        }

        @Test(arguments: Backend.allCases)
        func freqCountsTheLoadedRows(_ backend: Backend) async throws {
            try await Self.onBooks(backend) { app, _ in
                try await app.command("freq genre")
                let table = try await app.session.eventually("the frequency of genre") { screen in
                    screen.contains("genre — ") && screen.contains(backend.essay + " ")
                }
                let row = table.components(separatedBy: "\n").first { $0.hasPrefix(backend.essay + " ") }
                let count = row?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                #expect((count ?? 0) > 0, "\(table)")
            }
        }

        @Test(arguments: Backend.allCases)
        func watchAsksTheListAgainEveryInterval(_ backend: Backend) async throws {
            try await Self.onBooks(backend) { app, server in
                try await app.command("watch 2")
                try await app.session.eventually("watching") { ResourceScreen.status($0).contains("watch 2s") }
                let before = backend.listCalls(server)
                let asked = await waitUntil { backend.listCalls(server) >= before + 2 }
                #expect(asked, "\(before) → \(backend.listCalls(server)) list calls while watching")
                try await app.command("watch off")
                try await app.session.eventually("not watching") { !ResourceScreen.status($0).contains("watch 2s") }
            }
        }
    }
}
