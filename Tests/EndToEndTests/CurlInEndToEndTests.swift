import Foundation
import Services
import TestSupport
import Testing

extension EndToEnd {
    /// Curl in: `trestle 'curl …'` (one argument, pasted as devtools copy
    /// it) and `trestle curl …` (words), and `:curl-open` with a paste, open
    /// the list or record the URL names on a real server on 127.0.0.1 that
    /// answers only with the command's bearer token, cookie and header. The
    /// secrets are `***` on every screen, in `:curl`, the log and the cache;
    /// `:curl`'s text reads back as the same request; a redirect to another
    /// origin carries none of them; a flag Trestle does not read is one line.
    @Suite
    struct CurlInEndToEndTests {
        /// Letters and digits only: found as is wherever it leaks.
        static let token = "Tok" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        static let cookie = "Ck" + UUID().uuidString.replacingOccurrences(of: "-", with: "")

        static let todos = """
            [{"id":1,"title":"alpha one"},{"id":2,"title":"beta two"},{"id":3,"title":"gamma three"}]
            """

        /// `/api/todos` and `/api/todos/3`, answered only with the token, the
        /// cookie and `X-Trace: e2e`; `/api/away` redirects to `elsewhere`.
        static func server(elsewhere: URL? = nil) async throws -> TestHTTPServer {
            try await TestHTTPServer.start { request in
                func header(_ name: String) -> String? {
                    request.headers.first { $0.name.lowercased() == name }?.value
                }
                if request.path == "/api/away", let elsewhere {
                    return TestHTTPResponse(
                        status: 302, headers: [("Location", elsewhere.absoluteString + "/api/away")])
                }
                guard header("authorization") == "Bearer \(token)", header("cookie")?.contains("sid=\(cookie)") == true,
                    header("x-trace") == "e2e"
                else { return .json(#"{"error":"who are you"}"#, status: 401) }
                switch request.path {
                case "/api/todos": return .json(todos)
                case "/api/todos/3": return .json(#"{"id":3,"title":"gamma three","note":"the third"}"#)
                default: return .json("{}", status: 404)
                }
            }
        }

        /// The command as browser devtools copy it: one header a line, continued with a backslash.
        static func devtools(_ url: String, extra: String = "") -> String {
            """
            curl '\(url)' \\
              -H 'Accept: application/json' \\
              -H 'Authorization: Bearer \(token)' \\
              -H 'X-Trace: e2e' \\
              -b 'sid=\(cookie)' \(extra)\\
              --compressed
            """
        }

        /// The `:curl` dialog's command, its folded lines joined again: the
        /// text between the dialog's borders, from `curl -sS` to the URL's
        /// closing quote; a line folded after a space lost that space to the
        /// screen's trimming (one folded after `&` did not).
        static func curlText(on screen: String) -> String {
            var lines: [String] = []
            for row in screen.components(separatedBy: "\n") {
                guard let first = row.firstIndex(of: "│"), let last = row.lastIndex(of: "│"), first < last else {
                    continue
                }
                let inside = row[row.index(after: first)..<last].trimmingCharacters(in: .whitespaces)
                if lines.isEmpty, !inside.hasPrefix("curl -sS") { continue }
                if inside.isEmpty || inside.contains("Esc") { break }
                lines.append(inside)
            }
            var text = ""
            for (index, line) in lines.enumerated() {
                text += line
                if index < lines.count - 1, !line.hasSuffix("&") { text += " " }
            }
            guard let end = text.lastIndex(of: "'") else { return text }
            return String(text[...end])
        }

        /// None of the secrets in `screens`, the log or the cache file.
        static func expectNowhere(screens: [String], home: TemporaryHome) {
            let cacheFolder = home.root.appendingPathComponent("cache/trestle")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? []
            var cacheBytes = Data()
            for file in files {
                cacheBytes += (try? Data(contentsOf: cacheFolder.appendingPathComponent(file))) ?? Data()
            }
            #expect(cacheBytes.range(of: Data("/api/todos".utf8)) != nil, "the cache holds no request: \(files)")
            #expect(home.log.contains("GET"), "no log was written")
            for secret in [token, cookie] {
                #expect(cacheBytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the cache file")
                #expect(!home.log.contains(secret), "\(secret) is in the log")
                for screen in screens { #expect(!screen.contains(secret), "\(secret) is on the screen: \(screen)") }
            }
        }

        static func parse(_ text: String) throws -> CurlInput {
            do throws(CurlInput.Failure) {
                return try CurlInput.parse(text)
            } catch {
                Issue.record("\(text): \(error.problem)")
                throw error
            }
        }

        /// The devtools paste as one argument opens the list; `:curl` gives
        /// the command back (secrets `***`), which reads as the same request;
        /// no secret anywhere.
        @Test func pastedCommandOpensTheListAndCurlGivesItBack() async throws {
            let server = try await Self.server()
            let home = try TemporaryHome()
            defer { home.remove() }
            let command = Self.devtools(server.baseURL.absoluteString + "/api/todos?userId=1")
            let app = try RunningApp([command, "--log-level", "trace"], reportingExit: true, home: home)
            defer { app.stop() }
            var screens = [try await app.session.eventuallyShows("gamma three")]
            #expect(screens[0].contains("todos"), "\(screens[0])")
            try await app.command("curl")
            let dialog = try await app.session.eventuallyShows("curl -sS")
            screens.append(dialog)
            let text = Self.curlText(on: dialog)
            #expect(text.contains("Authorization: Bearer ***"), "\(text)")
            #expect(text.contains("Cookie: ***"), "\(text)")
            #expect(text.contains("X-Trace: e2e"), "\(text)")
            // The round trip: the text reads back as the request opened, secrets as `***`.
            let opened = try Self.parse(command).shown
            let again = try Self.parse(text)
            // The same list on the same service (the page Trestle asks for is its own).
            #expect(again.baseURL == opened.baseURL, "\(again.url) vs \(opened.url)")
            #expect(again.target == opened.target, "\(again.target) vs \(opened.target)")
            #expect(again.insecure == opened.insecure)
            for header in opened.headers {
                #expect(again.headers.contains(header), "\(header) missing from \(again.headers)")
            }
            try app.session.press("Escape")
            try await app.command("quit")
            screens.append(try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 60))
            #expect(screens.last?.contains("exit=0") == true, "\(screens.last ?? "")")
            let sent = await server.requests.filter { $0.path == "/api/todos" }
            #expect(sent.contains { $0.query?.contains("userId=1") == true }, "the filter was not sent")
            Self.expectNowhere(screens: screens, home: home)
            await server.stop()
        }

        /// `trestle curl -k … URL/api/todos/3` as words opens the record over
        /// its list, with the INSECURE marker, and `:curl` says `-k`.
        @Test func wordsOpenTheRecordAndInsecureIsMarked() async throws {
            let server = try await Self.server()
            let home = try TemporaryHome()
            defer { home.remove() }
            let app = try RunningApp(
                [
                    "curl", "-k", "-H", "Authorization: Bearer \(Self.token)", "-H", "X-Trace: e2e", "-b",
                    "sid=\(Self.cookie)", server.baseURL.absoluteString + "/api/todos/3",
                ], home: home)
            defer { app.stop() }
            var screens = [try await app.session.eventuallyShows("the third")]
            #expect(screens[0].contains("INSECURE"), "\(screens[0])")
            try await app.command("curl")
            let dialog = try await app.session.eventuallyShows("curl -sS")
            screens.append(dialog)
            let text = Self.curlText(on: dialog)
            #expect(text.hasPrefix("curl -sS -k "), "\(text)")
            #expect(text.hasSuffix("/api/todos/3'"), "\(text)")
            try app.session.press("Escape")
            try app.session.press("Escape")
            screens.append(try await app.session.eventuallyShows("gamma three"))
            for screen in screens {
                #expect(!screen.contains(Self.token) && !screen.contains(Self.cookie), "\(screen)")
            }
            await server.stop()
        }

        /// `:curl-open`, then a devtools paste (newlines and all): the dialog
        /// shows what it opens, secrets `***`; Enter opens the list.
        @Test func curlOpenTakesAPaste() async throws {
            let server = try await Self.server()
            let home = try TemporaryHome()
            defer { home.remove() }
            let app = try RunningApp(["--delay", "0"], home: home)
            defer { app.stop() }
            _ = try await app.waitForList()
            try await app.command("curl-open")
            _ = try await app.session.eventuallyShows("paste a curl command")
            try app.session.type(Self.devtools(server.baseURL.absoluteString + "/api/todos"))
            var screens = [
                try await app.session.eventually("the paste read") {
                    $0.contains("opens http://127.0.0.1") && $0.contains("Authorization: Bearer ***")
                        && $0.contains("Cookie: ***")
                }
            ]
            try app.session.press("Enter")
            screens.append(try await app.session.eventuallyShows("gamma three"))
            try await app.command("curl")
            let dialog = try await app.session.eventuallyShows("curl -sS")
            screens.append(dialog)
            #expect(Self.curlText(on: dialog).contains("Authorization: Bearer ***"), "\(dialog)")
            for screen in screens {
                #expect(!screen.contains(Self.token) && !screen.contains(Self.cookie), "\(screen)")
            }
            await server.stop()
        }

        /// A flag Trestle does not read: one line naming it — exit 2 on the
        /// command line, the status line after `:curl-open`.
        @Test func anotherFlagIsOneLineNamingIt() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["curl -L 'http://127.0.0.1:9/api/todos'"],
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 60)
            #expect(outcome.status == 2, "\(outcome)")
            #expect(outcome.stderr.contains("-L"), "\(outcome.stderr)")
            #expect(outcome.stderr.trimmingCharacters(in: .newlines).components(separatedBy: "\n").count == 1)
            let app = try RunningApp(["--delay", "0"], home: home)
            defer { app.stop() }
            _ = try await app.waitForList()
            try await app.command("curl-open")
            _ = try await app.session.eventuallyShows("paste a curl command")
            try app.session.type("curl --location http://127.0.0.1:9/api/todos")
            try app.session.press("Enter")
            let screen = try await app.session.eventuallyShows("curl flag --location")
            #expect(screen.contains("todos"), "the list is still shown: \(screen)")
        }

        /// A redirect to another origin: the command's token, cookie and
        /// header go with none of the requests the other origin receives.
        @Test func anotherOriginGetsNoSecret() async throws {
            let elsewhere = try await TestHTTPServer.start { _ in .json("[]") }
            let server = try await Self.server(elsewhere: elsewhere.baseURL)
            let home = try TemporaryHome()
            defer { home.remove() }
            let app = try RunningApp([Self.devtools(server.baseURL.absoluteString + "/api/away")], home: home)
            defer { app.stop() }
            let followed = await waitUntil { await elsewhere.hitCount(path: "/api/away") > 0 }
            #expect(followed, "the redirect was not followed: \((try? app.session.screen()) ?? "")")
            for request in await elsewhere.requests {
                for header in request.headers {
                    #expect(
                        !header.value.contains(Self.token) && !header.value.contains(Self.cookie)
                            && header.name.lowercased() != "x-trace",
                        "\(header.name) went to another origin")
                }
            }
            await server.stop()
            await elsewhere.stop()
        }
    }
}
