import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Issue 38, points 3, 4 and 9: nothing a server sends reaches a terminal
    /// raw outside the TUI, CSV a spreadsheet cannot run, and the smaller
    /// points (`auth status` on a 404, a launch target close to a command's
    /// name, an id with spaces). Each runs the real binary against a server
    /// on 127.0.0.1; the terminal cases run it on a pseudo-terminal in raw
    /// mode (``Terminal``), so the bytes read are exactly what it wrote.
    @Suite
    struct CLIOutputEndToEndTests {
        /// A window title (OSC 0), the clipboard (OSC 52), a screen clear (CSI),
        /// the C1 CSI, DEL and BEL.
        static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J\u{9B}31m\u{7F}\u{07}"
        static let evilName = "e\(hostile)vil"

        /// The scalars no terminal may get: C0 but TAB and LF (CR only
        /// where `allowingCR`), DEL and C1.
        static func forbidden(_ text: String, allowingCR: Bool = false) -> [String] {
            text.unicodeScalars.filter { scalar in
                let v = scalar.value
                if v == 0x09 || v == 0x0A || (allowingCR && v == 0x0D) { return false }
                return v < 0x20 || (0x7F...0x9F).contains(v)
            }.map { String(format: "U+%04X", $0.value) }
        }

        // MARK: - The hostile service

        /// A HAL service whose root names a collection `evilName` beside
        /// `books`, and whose records carry the hostile text in a field's
        /// name and in values, and formula cells.
        static func hostileService() async throws -> TestHTTPServer {
            let record: [String: Any] = [
                "title": "T\(hostile)", "ti\(hostile)tle": "x", "price": -5, "link": "=HYPERLINK(\"http://x\",\"y\")",
                "at": "@SUM(A1)", "sum": "-2+3", "plus": "+1", "tab": "\tcmd",
                "_links": ["self": ["href": "/books/1"]],
            ]
            let page = try JSONSerialization.data(
                withJSONObject: [
                    "_embedded": ["books": [record]],
                    "page": ["size": 20, "totalElements": 1, "totalPages": 1, "number": 0],
                ])
            let root = try JSONSerialization.data(
                withJSONObject: [
                    "_links": [
                        "self": ["href": "/"], "books": ["href": "/books"], evilName: ["href": "/evil"],
                    ]
                ])
            return try await TestHTTPServer.start { request in
                let hal = [(name: "Content-Type", value: "application/hal+json")]
                switch request.path {
                case "/": return TestHTTPResponse(headers: hal, body: root)
                case "/books", "/evil": return TestHTTPResponse(headers: hal, body: page)
                default: return TestHTTPResponse(status: 404)
                }
            }
        }

        static func run(_ arguments: [String], terminal: Bool, home: TemporaryHome) async throws -> ProcessOutcome {
            let environment = ProcessRunner.baseEnvironment(home.environment)
            if terminal {
                return try await ProcessRunner.runOnThread(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    ["python3", "-c", Self.onATerminal, BuiltProducts.trestle.path] + arguments,
                    environment: environment, timeout: 120)
            }
            return try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, arguments, environment: environment, timeout: 120)
        }

        /// Runs its arguments on a new pseudo-terminal in raw mode (no CR
        /// added before LF) and writes every byte read from it to stdout;
        /// exits with the program's status.
        static let onATerminal = """
            import os, pty, sys, tty
            pid, fd = pty.fork()
            if pid == 0:
                tty.setraw(0)
                os.execv(sys.argv[1], sys.argv[1:])
            out = bytearray()
            while True:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            _, status = os.waitpid(pid, 0)
            sys.stdout.buffer.write(bytes(out))
            sys.exit(os.waitstatus_to_exitcode(status))
            """

        // MARK: - Point 3: one sanitiser

        @Test(arguments: ["table", "json", "csv", "raw-csv"])
        func getWritesNoControlToATerminal(format: String) async throws {
            let server = try await Self.hostileService()
            let home = try TemporaryHome()
            defer { home.remove() }
            let formatArguments = format == "raw-csv" ? ["--raw-csv"] : ["--format", format]
            let outcome = try await Self.run(
                ["get", "books"] + formatArguments + [
                    "--env", "development", "--base-url", server.baseURL.absoluteString,
                ],
                terminal: true, home: home)
            await server.stop()
            #expect(outcome.status == 0, "\(outcome.stdout) \(outcome.stderr)")
            // The hostile text was printed (its harmless part shows), and nothing that controls a terminal.
            #expect(outcome.stdout.contains("pwned"), "\(outcome.stdout)")
            #expect(Self.forbidden(outcome.stdout).isEmpty, "\(Self.forbidden(outcome.stdout)): \(outcome.stdout)")
            if format == "json" { #expect(outcome.stdout.contains(#"\u001b]0;pwned\u0007"#)) }
        }

        /// JSON's escapes are the same value: a pipe gets it back exactly.
        @Test func getJSONKeepsEveryControlAsAnEscape() async throws {
            let server = try await Self.hostileService()
            let home = try TemporaryHome()
            defer { home.remove() }
            let outcome = try await Self.run(
                [
                    "get", "books", "--format", "json", "--env", "development", "--base-url",
                    server.baseURL.absoluteString,
                ],
                terminal: false, home: home)
            await server.stop()
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(Self.forbidden(outcome.stdout).isEmpty, "\(Self.forbidden(outcome.stdout))")
            #expect(outcome.stdout.contains(#"\u009b31m\u007f\u0007"#), "\(outcome.stdout)")
            let records = try #require(
                try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
            #expect(records.first?["title"] as? String == "T\(Self.hostile)")
        }

        @Test func snapshotPrintsNoControlOfTheService() async throws {
            let server = try await Self.hostileService()
            let home = try TemporaryHome()
            defer { home.remove() }
            let output = home.root.appendingPathComponent("copy.json")
            for terminal in [true, false] {
                try? FileManager.default.removeItem(at: output)
                let outcome = try await Self.run(
                    [
                        "snapshot", output.path, "--env", "development", "--base-url", server.baseURL.absoluteString,
                    ], terminal: terminal, home: home)
                let printed = outcome.stdout + outcome.stderr
                #expect(printed.contains("pwned"), "\(printed)")
                // The bars' own cursor moves are the only controls a terminal gets.
                let text = printed.replacingOccurrences(
                    of: "\u{1B}\\[[0-9]+A\r\u{1B}\\[J", with: "", options: .regularExpression)
                #expect(Self.forbidden(text).isEmpty, "\(Self.forbidden(text)): \(printed)")
            }
            await server.stop()
        }

        /// An OAuth2 token endpoint's error is the server's text too.
        @Test func authStatusPrintsNoControlOfTheService() async throws {
            let error = try JSONSerialization.data(withJSONObject: [
                "error": "invalid_client\(Self.hostile)", "error_description": Self.hostile,
            ])
            let server = try await TestHTTPServer.start { request in
                request.path == "/oauth/token"
                    ? TestHTTPResponse(status: 401, headers: [("Content-Type", "application/json")], body: error)
                    : TestHTTPResponse(status: 401)
            }
            let home = try TemporaryHome()
            defer { home.remove() }
            let config = try home.configFile(
                TemporaryHome.shopConfig(
                    baseURL: server.baseURL,
                    auth: "oauth2: {clientId: trestle, clientSecret: {env: SHOP_SECRET}, tokenURL: /oauth/token}"))
            for terminal in [true, false] {
                let outcome = try await ProcessRunner.runOnThread(
                    terminal ? URL(fileURLWithPath: "/usr/bin/env") : BuiltProducts.trestle,
                    (terminal ? ["python3", "-c", Self.onATerminal, BuiltProducts.trestle.path] : [])
                        + ["auth", "status", "--config", config.path],
                    environment: ProcessRunner.baseEnvironment(home.environment.merging(["SHOP_SECRET": "s3"]) { $1 }),
                    timeout: 60)
                let printed = outcome.stdout + outcome.stderr
                #expect(outcome.status == 1, "\(printed)")
                #expect(printed.contains("invalid_client"), "\(printed)")
                #expect(Self.forbidden(printed).isEmpty, "\(Self.forbidden(printed)): \(printed)")
            }
            await server.stop()
        }

        // MARK: - Point 4: CSV a spreadsheet cannot run

        @Test func csvCellsASpreadsheetWouldRunGetAQuote() async throws {
            let server = try await Self.hostileService()
            let home = try TemporaryHome()
            defer { home.remove() }
            let base = server.baseURL.absoluteString
            let safe = try await Self.run(
                ["get", "books", "--format", "csv", "--env", "development", "--base-url", base], terminal: false,
                home: home)
            let raw = try await Self.run(
                ["get", "books", "--raw-csv", "--env", "development", "--base-url", base], terminal: false, home: home)
            await server.stop()
            #expect(safe.status == 0 && raw.status == 0, "\(safe.stderr) \(raw.stderr)")
            let cells = Set(safe.stdout.split(separator: "\n").last?.split(separator: ",").map(String.init) ?? [])
            for formula in [#""'=HYPERLINK(""http://x"""#, "'@SUM(A1)", "'-2+3", "'\tcmd"] {
                #expect(cells.contains(formula), "\(formula) in \(safe.stdout)")
            }
            // A number and nothing else stays a number.
            #expect(cells.contains("-5") && cells.contains("+1"), "\(safe.stdout)")
            // Raw CSV is the server's cells (a file or a pipe gets them uncleaned).
            let rawCells = Set(raw.stdout.split(separator: "\n").last?.split(separator: ",").map(String.init) ?? [])
            for formula in [#""=HYPERLINK(""http://x"""#, "@SUM(A1)", "-2+3", "\tcmd"] {
                #expect(rawCells.contains(formula), "\(formula) in \(raw.stdout)")
            }
        }

        /// `:export csv` in the TUI: the same rule; `:export raw-csv` the bytes.
        @Test func exportCSVPutsAQuoteBeforeAFormula() async throws {
            let server = try await Self.hostileService()
            let app = try RunningApp(["--env", "development", "--base-url", server.baseURL.absoluteString, "books"])
            defer { app.stop() }
            try await app.session.eventuallyShows("books 1")
            let safe = app.home.root.appendingPathComponent("safe.csv").path
            try await app.command("export csv \(safe)")
            try await app.session.eventuallyShows("to \(safe)")
            let raw = app.home.root.appendingPathComponent("raw.csv").path
            try await app.command("export raw-csv \(raw)")
            try await app.session.eventuallyShows("to \(raw)")
            await server.stop()
            let safeText = try String(contentsOfFile: safe, encoding: .utf8)
            let rawText = try String(contentsOfFile: raw, encoding: .utf8)
            for formula in ["'@SUM(A1)", "'-2+3", "'\tcmd", #""'=HYPERLINK(""http://x"""#] {
                #expect(Self.hasCell(safeText, formula), "\(formula) in \(safeText)")
            }
            #expect(Self.hasCell(safeText, "-5") && !safeText.contains("'-5"), "\(safeText)")
            for formula in ["@SUM(A1)", "-2+3", "\tcmd", #""=HYPERLINK(""http://x"""#] {
                #expect(Self.hasCell(rawText, formula), "\(formula) in \(rawText)")
            }
        }

        /// Whether a cell of `csv` starts with `start`.
        static func hasCell(_ csv: String, _ start: String) -> Bool {
            csv.contains(",\(start)") || csv.contains("\n\(start)") || csv.hasPrefix(start)
        }

        // MARK: - Point 9: the smaller ones

        /// A 404 proves nothing about the auth: not "works", and exit 1.
        @Test(arguments: [(404, "nothing there"), (431, "headers are too large"), (200, "works")])
        func authStatusSaysWorksOnlyOnA2xx(status: Int, words: String) async throws {
            let server = try await TestHTTPServer.start { _ in TestHTTPResponse(status: status) }
            let home = try TemporaryHome()
            defer { home.remove() }
            let config = try home.configFile(
                TemporaryHome.shopConfig(baseURL: server.baseURL, auth: "basic: {user: ann, password: {env: SHOP_PW}}"))
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["auth", "status", "--config", config.path],
                environment: ProcessRunner.baseEnvironment(home.environment.merging(["SHOP_PW": "pw"]) { $1 }),
                timeout: 60)
            await server.stop()
            #expect(outcome.status == (status == 200 ? 0 : 1), "\(outcome.stdout) \(outcome.stderr)")
            #expect(outcome.stdout.contains("GET /books answered \(status)"), "\(outcome.stdout)")
            #expect(outcome.stdout.contains(words), "\(outcome.stdout)")
            #expect(outcome.stdout.contains("works") == (status == 200), "\(outcome.stdout)")
        }

        /// `trestle get rows` on a service that has `rows` but does not
        /// describe it: the name is close to `ops`, a command, which no
        /// launch target is; a name the service lacks still gets the suggestion.
        @Test func aCollectionNamedCloseToACommandOpens() async throws {
            let server = try await TestHTTPServer.start { request in
                switch request.path {
                case "/rows": return .json(#"[{"id":1,"v":"row one"}]"#)
                default: return TestHTTPResponse(status: 404)
                }
            }
            let home = try TemporaryHome()
            defer { home.remove() }
            let base = server.baseURL.absoluteString
            // `--catalog builtin`: the suggestion comes from JSONPlaceholder's
            // catalog, which an unknown service is not browsed through unasked.
            let rows = try await Self.run(
                [
                    "get", "rows", "--format", "json", "--env", "development", "--base-url", base, "--catalog",
                    "builtin",
                ],
                terminal: false, home: home)
            let typo = try await Self.run(
                [
                    "get", "todoz", "--format", "json", "--env", "development", "--base-url", base, "--catalog",
                    "builtin",
                ], terminal: false, home: home)
            await server.stop()
            #expect(rows.status == 0, "\(rows.stderr)")
            #expect(rows.stdout.contains("row one"), "\(rows.stdout)")
            #expect(typo.status == 2, "\(typo.stdout) \(typo.stderr)")
            #expect(typo.stderr.contains("did you mean trestle todos?"), "\(typo.stderr)")
        }

        /// `trestle get 'books/a b'`: one id, one path segment, escaped.
        @Test func anIdWithSpacesIsOnePathSegment() async throws {
            let server = try await TestHTTPServer.start { request in
                request.path == "/books/a%20b"
                    ? .json(#"{"id":"a b","title":"Spaced"}"#) : TestHTTPResponse(status: 404)
            }
            let home = try TemporaryHome()
            defer { home.remove() }
            let outcome = try await Self.run(
                [
                    "get", "books/a b", "--format", "json", "--env", "development", "--base-url",
                    server.baseURL.absoluteString,
                ], terminal: false, home: home)
            let requests = await server.requests
            await server.stop()
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("Spaced"), "\(outcome.stdout)")
            #expect(requests.contains { $0.path == "/books/a%20b" }, "\(requests.map(\.path))")
        }

        /// A binary run from a folder the layout does not name finds no
        /// shipped data above it: the sample data planted two folders up is
        /// not served.
        @Test func noShippedFilesAreTakenFromAboveTheLayout() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let planted = home.root.appendingPathComponent("sample-data")
            try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
            try Data(#"{"planted":[{"id":1}]}"#.utf8).write(to: planted.appendingPathComponent("db.json"))
            let folder = home.root.appendingPathComponent("a/b")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let binary = folder.appendingPathComponent("trestle")
            try FileManager.default.copyItem(at: BuiltProducts.trestle, to: binary)
            let outcome = try await ProcessRunner.runOnThread(
                binary, ["get", "planted", "--format", "json"],
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 60)
            #expect(outcome.status != 0, "\(outcome.stdout)")
            #expect(!outcome.stdout.contains("\"id\""), "\(outcome.stdout)")
        }
    }
}
