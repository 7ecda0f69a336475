import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The configured credential on a gRPC service's calls (issue 41): the
    /// real grpcio library started with `LIBRARY_TOKEN` refuses every call
    /// without `authorization: Bearer <token>` (a real interceptor,
    /// UNAUTHENTICATED). Without `auth:` the list says so in one line; with
    /// `auth: bearer` reflection and every call carry it, and it is in no
    /// screen, log, cache file, nor `:curl`'s grpcurl line (which names the
    /// variable, as REST's curl line does).
    @Suite
    struct GRPCAuthEndToEndTests {
        static let token = "grpc-e2e-token-5f1c2a"

        static func config(_ base: String, auth: String?) -> String {
            """
            services:
              - name: library
                baseURL: \(base)
            \(auth.map { "    auth:\n      \($0)" } ?? "")
            """
        }

        @Test func aRefusedCallIsOneLineNamingItsStatus() async throws {
            let server = try await FrameworkServer.start(
                .grpc, environment: ["LIBRARY_TOKEN": Self.token, "LIBRARY_OPEN_REFLECTION": "1"])
            defer { server.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            try home.writeConfig(Self.config(server.apiRoot.absoluteString, auth: nil))
            let app = try RunningApp(["--env", "production", "--service", "library"], home: home)
            defer { app.stop() }
            // The start screen's counts are refused too (one line each); then the list.
            try await app.session.eventually("the start screen's refused counts") { screen in
                screen.contains("(from the gRPC reflection of \(server.apiRoot.absoluteString))")
                    && screen.components(separatedBy: "\n").filter { $0.contains("UNAUTHENTICATED") }.count == 2
            }
            try await app.command("books")
            let refused = try await app.session.eventually("the list's status line") { screen in
                !screen.contains("Resources of this service") && screen.contains("UNAUTHENTICATED")
                    && screen.contains("a bearer token is required")
            }
            #expect(
                refused.components(separatedBy: "\n").filter { $0.contains("UNAUTHENTICATED") }.count == 1, "\(refused)"
            )
            #expect(server.calls().filter { $0.hasSuffix("/ListBooks") }.count >= 1)
        }

        @Test func theConfiguredBearerTokenIsSentAndShownNowhere() async throws {
            let server = try await FrameworkServer.start(.grpc, environment: ["LIBRARY_TOKEN": Self.token])
            defer { server.stop() }
            let base = server.apiRoot.absoluteString
            let home = try TemporaryHome()
            defer { home.remove() }
            try home.writeConfig(Self.config(base, auth: "bearer: {env: LIBRARY_TOKEN}"))
            let app = try RunningApp(
                ["--env", "production", "--service", "library", "--log-level", "trace"],
                environment: ["LIBRARY_TOKEN": Self.token], home: home)
            defer { app.stop() }
            var screens: [String] = []
            // Reflection carried it: the collections are counted.
            screens.append(
                try await app.session.eventually("the collections, reflected with the token") { screen in
                    screen.contains("(from the gRPC reflection of \(base))")
                        && ResourceScreen.startCount(of: "books", in: screen) == RealGRPCEndToEndTests.bookCount
                })
            try await app.command("books")
            screens.append(try await app.session.eventuallyShows("Volume 001 "))
            try await app.command("curl")
            let curl = try await app.session.eventuallyShows(
                "grpcurl -plaintext -H \"authorization: Bearer $LIBRARY_TOKEN\"")
            screens.append(curl)
            try app.session.press("Escape")
            // The inspector: the call's headers, the credential redacted as REST's are.
            try app.session.press("I")
            try await app.session.eventuallyShows("POST   /library.v1.Library/ListBooks")
            try app.session.press("Enter")
            let call = try await app.session.eventually("the ListBooks call's headers") { screen in
                screen.contains("content-type: application/grpc") && screen.contains("authorization: Bearer ***")
            }
            screens.append(call)
            try await app.command("history")
            screens.append(try await app.session.eventuallyShows("POST   /library.v1.Library/ListBooks"))
            #expect(!server.calls().isEmpty)
            let refused =
                (try? String(contentsOf: server.requestLogFile, encoding: .utf8))?
                .split(separator: "\n").filter { $0.hasPrefix("REFUSED") } ?? []
            #expect(refused.isEmpty, "every call carried the token: \(refused)")
            try await app.command("quit")
            app.stop()
            let cacheFolder = home.root.appendingPathComponent("cache/trestle")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? []
            var cacheBytes = Data()
            for file in files {
                cacheBytes += (try? Data(contentsOf: cacheFolder.appendingPathComponent(file))) ?? Data()
            }
            #expect(cacheBytes.range(of: Data("ListBooks".utf8)) != nil, "the cache holds no call: \(files)")
            #expect(cacheBytes.range(of: Data(Self.token.utf8)) == nil, "the token is in the cache file")
            #expect(home.log.contains("grpc"), "no log was written")
            #expect(!home.log.contains(Self.token), "the token is in the log")
            for screen in screens { #expect(!screen.contains(Self.token), "the token is on the screen: \(screen)") }
        }
    }
}
