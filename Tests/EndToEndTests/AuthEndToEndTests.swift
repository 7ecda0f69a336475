import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// `auth:` on the real binary against real servers on 127.0.0.1: an
    /// OAuth2 service whose tokens expire after 2 s is browsed across the
    /// expiry with no error; basic auth, a cookie login and a credential
    /// helper browse as easily; and no secret is on the screen, in `:curl`,
    /// `:history`, the log or the cache file.
    @Suite
    struct AuthEndToEndTests {
        /// A config file with one service `shop` at `server` with `auth`.
        static func start(
            _ server: AuthTestServer, auth: String, openapi: Bool = false, environment: [String: String] = [:],
            home: TemporaryHome
        ) throws -> RunningApp {
            try home.writeConfig(TemporaryHome.shopConfig(baseURL: server.baseURL, auth: auth, openapi: openapi))
            return try RunningApp(
                ["--service", "shop", "--log-level", "trace"], environment: environment, reportingExit: true,
                home: home)
        }

        /// Opens the list's first record, `:curl` and `:history`, checking
        /// each screen, then quits; returns every screen seen.
        static func browse(_ app: RunningApp, curlShows: String) async throws -> [String] {
            var screens: [String] = []
            try app.session.press("Enter")
            screens.append(try await app.session.eventually("book 1") { $0.contains("\"pages\": 101") })
            try await app.command("curl")
            screens.append(try await app.session.eventuallyShows("curl -sS"))
            // The dialog wraps the command at a space (which the wrap drops),
            // wherever the home's path length puts it: compared without spaces.
            let joined =
                screens.last?.components(separatedBy: "\n").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: " │"))
                }.joined() ?? ""
            #expect(
                joined.filter { !$0.isWhitespace }.contains(curlShows.filter { !$0.isWhitespace }),
                "\(screens.last ?? "")")
            try app.session.press("Escape")
            try await app.session.eventually("the record again") { !$0.contains("curl -sS") }
            try await app.command("history")
            screens.append(
                try await app.session.eventually("the history") { $0.contains("/books") && $0.contains("200") })
            try await app.command("quit")
            screens.append(try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 60))
            return screens
        }

        /// None of `secrets` in the screens, the log or the cache files' bytes.
        static func expectNowhere(_ secrets: [String], screens: [String], home: TemporaryHome) throws {
            let cacheFolder = home.root.appendingPathComponent("cache/trestle")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? []
            #expect(files.contains("cache.sqlite"), "no cache file: \(files)")
            var cacheBytes = Data()
            for file in files {
                cacheBytes += (try? Data(contentsOf: cacheFolder.appendingPathComponent(file))) ?? Data()
            }
            #expect(cacheBytes.range(of: Data("/books".utf8)) != nil, "the cache holds no request")
            #expect(home.log.contains("GET"), "no log was written")
            for secret in secrets {
                #expect(cacheBytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the cache file")
                #expect(!home.log.contains(secret), "\(secret) is in the log")
                for screen in screens { #expect(!screen.contains(secret), "\(secret) is on the screen: \(screen)") }
            }
        }

        @Test func anOAuth2ServiceIsBrowsedAcrossTokenExpiry() async throws {
            let server = try await AuthTestServer.start(.oauth2(lifetime: 2))
            let home = try TemporaryHome()
            defer { home.remove() }
            let app = try Self.start(
                server, auth: "oauth2: {clientId: trestle, clientSecret: {env: SHOP_SECRET}}", openapi: true,
                environment: ["SHOP_SECRET": server.clientSecret], home: home)
            defer { app.stop() }
            // The document names the token URL; its start screen counts the books.
            var screens = [
                try await app.session.eventually("the start screen") {
                    $0.contains("Resources of this service") && $0.contains("     12")
                }
            ]
            try app.session.press("Enter")
            screens.append(try await app.session.eventuallyShows("Book 12"))
            let first = try #require(await server.issuedSecrets.first)
            // The first token expires (the server says so), then r reloads.
            let deadline = ContinuousClock.now + .seconds(120)
            while await server.accepts(first), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            let answered = await server.answered
            try app.session.press("r")
            while await server.answered == answered, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            screens.append(try await app.session.eventuallyShows("Book 12"))
            #expect(await server.issued >= 2, "no second token was fetched")
            screens += try await Self.browse(app, curlShows: "Authorization: Bearer $ACCESS_TOKEN")
            for screen in screens {
                // Not a bare "401": the server's port may hold those digits.
                #expect(
                    !screen.contains("Auth:") && !screen.contains("401 Unauthorized") && !screen.contains("✖"),
                    "an error was shown: \(screen)")
            }
            #expect(screens.last?.contains("exit=0") == true)
            try Self.expectNowhere([server.clientSecret] + (await server.issuedSecrets), screens: screens, home: home)
            await server.stop()
        }

        enum Other: String, CaseIterable {
            case basic, login, helper
        }

        @Test(arguments: Other.allCases)
        func otherSchemesBrowseWithoutShowingTheirSecret(_ kind: Other) async throws {
            let server = try await AuthTestServer.start(
                kind == .basic ? .basic : kind == .login ? .login : .bearer)
            let home = try TemporaryHome()
            defer { home.remove() }
            let helper = home.root.appendingPathComponent("token-helper")
            try ExecutableScript.write("#!/bin/sh\necho \(server.staticToken)\n", to: helper)
            let auth: String
            let curl: String
            switch kind {
            case .basic:
                auth = "basic: {user: ann, password: {env: SHOP_PW}}"
                curl = "Authorization: Basic $(printf %s 'ann:'\"$SHOP_PW\" | base64 -w0)"
            case .login:
                auth = "login: {path: /login, fields: {username: ann, password: {env: SHOP_PW}}}"
                curl = "Cookie: $SESSION_COOKIE"
            case .helper:
                auth = "bearer: {command: \"\(helper.path)\"}"
                curl = "Authorization: Bearer $(\(helper.path))"
            }
            let app = try Self.start(server, auth: auth, environment: ["SHOP_PW": server.password], home: home)
            defer { app.stop() }
            var screens = [try await app.session.eventuallyShows("Book 12")]
            screens += try await Self.browse(app, curlShows: curl)
            #expect(screens.last?.contains("exit=0") == true)
            #expect(await server.refusals == 0)
            try Self.expectNowhere(
                [server.password, server.staticToken] + (await server.issuedSecrets), screens: screens, home: home)
            await server.stop()
        }

        /// `trestle auth status`: a line per service, its scheme and whether
        /// it works; a wrong secret fails (exit 1); no secret printed.
        @Test func authStatusSaysPerServiceWhetherItWorks() async throws {
            let server = try await AuthTestServer.start(.basic)
            let home = try TemporaryHome()
            defer { home.remove() }
            let config = try home.configFile(
                TemporaryHome.shopConfig(baseURL: server.baseURL, auth: "basic: {user: ann, password: {env: SHOP_PW}}"))
            for (password, status, said) in [
                (server.password, 0, "works: GET /books answered 200"),
                ("wrong-\(UUID().uuidString)", 1, "refused: GET /books answered 401"),
            ] {
                let outcome = try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle, ["auth", "status", "--config", config.path],
                    environment: ProcessRunner.baseEnvironment(home.environment.merging(["SHOP_PW": password]) { $1 }),
                    timeout: 60)
                #expect(outcome.status == Int32(status), "\(outcome.stdout) \(outcome.stderr)")
                #expect(
                    outcome.stdout.contains("shop: basic (user ann, password from $SHOP_PW): \(said)"),
                    "\(outcome.stdout)")
                #expect(!outcome.stdout.contains(password) && !outcome.stderr.contains(password))
            }
            await server.stop()
        }

        /// A wrong client secret: one line that says what was refused, and
        /// the app goes on (it quits normally afterwards).
        @Test func aWrongSecretIsOneClearLine() async throws {
            let server = try await AuthTestServer.start(.oauth2(lifetime: 60))
            let home = try TemporaryHome()
            defer { home.remove() }
            let wrong = "wrong-\(UUID().uuidString)"
            let app = try Self.start(
                server, auth: "oauth2: {clientId: trestle, clientSecret: {env: SHOP_SECRET}, tokenURL: /oauth/token}",
                environment: ["SHOP_SECRET": wrong], home: home)
            defer { app.stop() }
            let screen = try await app.session.eventually("the refusal") {
                $0.contains("refused the client (401): invalid_client")
            }
            #expect(!screen.contains(wrong))
            try app.session.press("q")
            let end = try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 60)
            #expect(end.contains("exit=0"))
            #expect(!home.log.contains(wrong))
            await server.stop()
        }
    }
}
