import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A person signs in (issue 40 item 1), the real binary in tmux against a
    /// real authorization server, django-oauth-toolkit (Tests/Fixtures/oauth-provider):
    /// authorization code with PKCE through a loopback redirect, the device
    /// code shown in a dialog, a token that stops working mid-session whose
    /// refresh fails (the dialog again, the screens kept), `:logout`,
    /// `trestle auth login`/`logout` with the refresh token in a 0600 file;
    /// and no token in a screen, the log, the cache file or `:curl`.
    ///
    /// The test plays the browser: a fake `xdg-open` first on `PATH` writes
    /// the URL it was given to `url-N`, waits for the test's `go-N` file,
    /// then runs the fixture's `browser.py` (logs `ann` in, follows the
    /// authorize URL's redirect to Trestle's port).
    @Suite(.serialized)
    struct SignInEndToEndTests {
        /// The provider, a private home and the fake browser.
        struct Setup {
            let server: FrameworkServer
            let home: TemporaryHome
            let browser: URL

            var origin: String { "http://127.0.0.1:\(server.port)" }

            static func start() async throws -> Setup {
                let server = try await FrameworkServer.start(.oauth)
                let home = try TemporaryHome()
                let browser = home.root.appendingPathComponent("browser")
                try FileManager.default.createDirectory(
                    at: browser.appendingPathComponent("bin"), withIntermediateDirectories: true)
                let script = FrameworkServer.project(.oauth).appendingPathComponent("browser.py").path
                let dir = browser.path
                let opener = """
                    #!/bin/sh
                    n=$(ls \(dir) | grep -c '^url-')
                    printf '%s\\n' "$1" > \(dir)/url-$n
                    i=0
                    while [ ! -f \(dir)/go-$n ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i+1)); done
                    exec python3 \(script) "$1" >> \(dir)/browser.log 2>&1

                    """
                let path = browser.appendingPathComponent("bin/xdg-open")
                try ExecutableScript.write(opener, to: path)
                return Setup(server: server, home: home, browser: browser)
            }

            /// `PATH` with the fake `xdg-open` first.
            var environment: [String: String] {
                let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
                return ["PATH": browser.appendingPathComponent("bin").path + ":" + path]
            }

            /// The config: service `todos` at the provider's `/api`, signing in by `flow`.
            func config(flow: String, store: String? = nil) -> String {
                let endpoints =
                    flow == "deviceCode"
                    ? "clientId: trestle-device, deviceAuthorizationURL: \(origin)/o/device-authorization/"
                    : "clientId: trestle-code, authorizeURL: \(origin)/o/authorize/"
                return """
                    services:
                      - name: todos
                        baseURL: \(origin)/api
                        resources:
                          - {name: todos, label: title}
                        auth:
                          oauth2: {flow: \(flow), \(endpoints), tokenURL: \(origin)/o/token/, scopes: [read]\(store.map { ", store: {file: \($0)}" } ?? "")}
                    """
            }

            /// The URLs the fake browser was given so far.
            func openedURLs() -> [String] {
                (0..<20).compactMap { index in
                    try? String(contentsOf: browser.appendingPathComponent("url-\(index)"), encoding: .utf8)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }

            /// Lets the fake browser's `index`th run go on.
            func go(_ index: Int) throws {
                try Data().write(to: browser.appendingPathComponent("go-\(index)"))
            }

            /// Waits until the fake browser was given its `index`th URL.
            func awaitOpened(_ index: Int) async throws -> String {
                let deadline = ContinuousClock.now + .seconds(120)
                while openedURLs().count <= index, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
                return try #require(openedURLs().dropFirst(index).first, "xdg-open was not run \(index + 1) times")
            }

            /// `manage.py COMMAND` in the provider's venv; its standard output's lines.
            func manage(_ command: String) async throws -> [String] {
                let python = try FrameworkServer.venv(.oauth).appendingPathComponent("bin/python").path
                let manage = FrameworkServer.project(.oauth).appendingPathComponent("manage.py").path
                var variables = ProcessInfo.processInfo.environment
                variables["LIBRARY_DB"] = server.folder.appendingPathComponent("library.sqlite3").path
                let environment = variables
                let result = try await OwnThread.run {
                    try Spawn.run([python, manage, command], environment: environment, timeout: .seconds(60))
                }
                #expect(result.status == 0, "manage.py \(command): \(String(decoding: result.stderr, as: UTF8.self))")
                return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
            }

            func stop() {
                server.stop()
                home.remove()
            }
        }

        /// The todo list of the provider's `/api/todos`.
        static let firstTodo = "sign in with a browser"

        /// None of `tokens` on a screen, in the log or in the cache files' bytes.
        static func expectNowhere(_ tokens: [String], screens: [String], home: TemporaryHome) {
            let cacheFolder = home.root.appendingPathComponent("cache/trestle")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? []
            var cacheBytes = Data()
            for file in files {
                cacheBytes += (try? Data(contentsOf: cacheFolder.appendingPathComponent(file))) ?? Data()
            }
            #expect(cacheBytes.range(of: Data("/todos".utf8)) != nil, "the cache holds no request: \(files)")
            #expect(home.log.contains("GET"), "no log was written")
            #expect(!tokens.isEmpty, "the provider issued no token")
            for token in tokens {
                #expect(cacheBytes.range(of: Data(token.utf8)) == nil, "a token is in the cache file")
                #expect(!home.log.contains(token), "a token is in the log")
                for screen in screens { #expect(!screen.contains(token), "a token is on the screen: \(screen)") }
            }
        }

        @Test func authorizationCodeSignsInAgainWhenTheRefreshFailsAndLogsOut() async throws {
            let setup = try await Setup.start()
            defer { setup.stop() }
            try setup.home.writeConfig(setup.config(flow: "authorizationCode"))
            let app = try RunningApp(
                ["--service", "todos", "--log-level", "trace"], environment: setup.environment, reportingExit: true,
                home: setup.home)
            defer { app.stop() }
            // The first list needs a token: the dialog shows the authorize URL,
            // and the browser was opened with it.
            var screens = [try await app.session.eventuallyShows("Sign in to todos")]
            let url = try await setup.awaitOpened(0)
            #expect(url.hasPrefix(setup.origin + "/o/authorize/?"), "\(url)")
            for part in [
                "code_challenge_method=S256", "code_challenge=", "state=", "client_id=trestle-code",
                "redirect_uri=http%3A%2F%2F127.0.0.1%3A",
            ] {
                #expect(url.contains(part), "the authorize URL lacks \(part): \(url)")
            }
            try setup.go(0)
            screens.append(try await app.session.eventuallyShows(Self.firstTodo))
            var tokens = try await setup.manage("tokens")
            // Both tokens stop working, as when they expire: the next request's
            // 401, a refresh refused, the dialog again over the list kept.
            _ = try await setup.manage("revoke")
            try app.session.press("r")
            let again = try await app.session.eventuallyShows("Sign in to todos")
            screens.append(again)
            #expect(
                again.contains("todos") && again.contains("Title"), "the list is not kept under the dialog: \(again)")
            _ = try await setup.awaitOpened(1)
            try setup.go(1)
            screens.append(
                try await app.session.eventually("the list again") {
                    $0.contains(Self.firstTodo) && !$0.contains("Sign in to todos")
                })
            tokens += try await setup.manage("tokens")
            try await app.command("curl")
            let curl = try await app.session.eventuallyShows("curl -sS")
            screens.append(curl)
            #expect(curl.contains("$ACCESS_TOKEN"), "\(curl)")
            try app.session.press("Escape")
            // :logout forgets the tokens: the next request asks to sign in again; Esc cancels it.
            try await app.command("logout")
            screens.append(try await app.session.eventuallyShows("Logged out of todos"))
            try app.session.press("r")
            screens.append(try await app.session.eventuallyShows("Sign in to todos"))
            _ = try await setup.awaitOpened(2)
            try app.session.press("Escape")
            screens.append(try await app.session.eventuallyShows("sign-in cancelled"))
            try setup.go(2)
            try await app.command("quit")
            screens.append(try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 60))
            #expect(screens.last?.contains("exit=0") == true, "\(screens.last ?? "")")
            Self.expectNowhere(tokens, screens: screens, home: setup.home)
        }

        @Test func theDeviceCodeIsShownInADialogAndPolledUntilAccepted() async throws {
            let setup = try await Setup.start()
            defer { setup.stop() }
            try setup.home.writeConfig(setup.config(flow: "deviceCode"))
            let app = try RunningApp(
                ["--service", "todos", "--log-level", "trace"], environment: setup.environment, reportingExit: true,
                home: setup.home)
            defer { app.stop() }
            let dialog = try await app.session.eventually("the device code") {
                $0.contains("Sign in to todos") && $0.contains("enter the code")
            }
            #expect(dialog.contains(setup.origin + "/o/device/"), "\(dialog)")
            let code = try #require(
                dialog.range(of: #"enter the code [A-Z0-9]+"#, options: .regularExpression).map {
                    String(dialog[$0].split(separator: " ").last ?? "")
                })
            let python = try FrameworkServer.venv(.oauth).appendingPathComponent("bin/python").path
            let browser = FrameworkServer.project(.oauth).appendingPathComponent("browser.py").path
            let accepted = try await OwnThread.run {
                try Spawn.run([python, browser, "--device", code, setup.origin], timeout: .seconds(60))
            }
            #expect(accepted.status == 0, "\(String(decoding: accepted.stderr, as: UTF8.self))")
            var screens = [dialog]
            screens.append(
                try await app.session.eventually("the list") {
                    $0.contains(Self.firstTodo) && !$0.contains("Sign in to todos")
                })
            let tokens = try await setup.manage("tokens")
            try await app.command("quit")
            screens.append(try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 60))
            Self.expectNowhere(tokens, screens: screens, home: setup.home)
        }

        @Test func authLoginKeepsTheRefreshTokenInA0600FileAndLogoutRemovesIt() async throws {
            let setup = try await Setup.start()
            defer { setup.stop() }
            let store = setup.home.root.appendingPathComponent("keep/todos.refresh")
            try setup.home.writeConfig(setup.config(flow: "authorizationCode", store: store.path))
            try setup.go(0)
            let login = try RunningApp(
                ["auth", "login", "todos"], environment: setup.environment, reportingExit: true, home: setup.home)
            defer { login.stop() }
            var screens = [try await login.session.eventuallyShows(RunningApp.endMarker, timeout: 120)]
            #expect(screens[0].contains("Signed in to todos") && screens[0].contains("exit=0"), "\(screens[0])")
            #expect(screens[0].contains("/o/authorize/?"), "the URL was not printed: \(screens[0])")
            login.stop()
            let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let stored = try String(contentsOf: store, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            var tokens = try await setup.manage("tokens")
            #expect(tokens.contains(stored), "the stored refresh token is not the provider's")
            // A new run renews with the stored refresh token: no dialog, no browser.
            let app = try RunningApp(
                ["--service", "todos", "--log-level", "trace"], environment: setup.environment, reportingExit: true,
                home: setup.home)
            defer { app.stop() }
            screens.append(try await app.session.eventuallyShows(Self.firstTodo))
            #expect(setup.openedURLs().count == 1, "the browser was opened again")
            tokens += try await setup.manage("tokens")
            try await app.command("quit")
            screens.append(try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 60))
            #expect(screens.allSatisfy { !$0.contains("Sign in to todos") })
            let logout = try RunningApp(
                ["auth", "logout", "todos"], environment: setup.environment, reportingExit: true, home: setup.home)
            defer { logout.stop() }
            screens.append(try await logout.session.eventuallyShows(RunningApp.endMarker, timeout: 60))
            #expect(screens.last?.contains("Logged out of todos") == true, "\(screens.last ?? "")")
            #expect(!FileManager.default.fileExists(atPath: store.path), "the stored refresh token is still there")
            Self.expectNowhere(tokens, screens: screens, home: setup.home)
        }

        @Test func aCredentialHelperKeepsTheRefreshTokenGitStyle() async throws {
            let setup = try await Setup.start()
            defer { setup.stop() }
            // A helper as git's: `get` prints the token, `store` reads it on stdin, `erase` forgets it.
            let kept = setup.home.root.appendingPathComponent("helper-kept")
            let helper = setup.home.root.appendingPathComponent("keep-token")
            let script = """
                #!/bin/sh
                echo "$1" >> \(kept.path).calls
                case "$1" in
                  get) cat \(kept.path) 2>/dev/null ;;
                  store) umask 077; cat > \(kept.path) ;;
                  erase) rm -f \(kept.path) ;;
                esac

                """
            try ExecutableScript.write(script, to: helper)
            var config = setup.config(flow: "authorizationCode")
            config = config.replacingOccurrences(
                of: "scopes: [read]}", with: "scopes: [read], store: {command: \"\(helper.path)\"}}")
            try setup.home.writeConfig(config)
            try setup.go(0)
            let login = try RunningApp(
                ["auth", "login", "todos"], environment: setup.environment, reportingExit: true, home: setup.home)
            defer { login.stop() }
            var screens = [try await login.session.eventuallyShows(RunningApp.endMarker, timeout: 120)]
            #expect(screens[0].contains("Signed in to todos") && screens[0].contains("exit=0"), "\(screens[0])")
            let stored = try String(contentsOf: kept, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            let tokens = try await setup.manage("tokens")
            #expect(tokens.contains(stored), "the helper was not given the provider's refresh token")
            let logout = try RunningApp(
                ["auth", "logout", "todos"], environment: setup.environment, reportingExit: true, home: setup.home)
            defer { logout.stop() }
            screens.append(try await logout.session.eventuallyShows(RunningApp.endMarker, timeout: 60))
            #expect(screens.last?.contains("Logged out of todos") == true, "\(screens.last ?? "")")
            #expect(!FileManager.default.fileExists(atPath: kept.path), "the helper was not asked to erase")
            let calls = try String(contentsOf: URL(fileURLWithPath: kept.path + ".calls"), encoding: .utf8)
            #expect(calls == "store\nerase\n", "\(calls)")
            for token in tokens { for screen in screens { #expect(!screen.contains(token), "a token on the screen") } }
        }
    }
}
