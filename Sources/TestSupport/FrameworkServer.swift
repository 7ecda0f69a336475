import Foundation
import Networking

/// A real framework's library service, one of `Tests/Fixtures/<name>-library`
/// (publishers, authors, books: the same rows in every one, see
/// ``bookCount`` and the functions below), run on 127.0.0.1 and a free port
/// over a SQLite file seeded in a temporary folder of its own, each set up as
/// its framework's tutorial does (docs/FRAMEWORKS.md says what each serves).
///
/// The Python packages live in the venv its script makes:
/// `scripts/django-venv` for ``Framework/django``, `scripts/framework-venvs`
/// for the others (`.build/<name>-venv`, or `$TRESTLE_<NAME>_VENV`); without
/// it ``start(_:)`` fails saying so. ``stop()`` ends the server's process
/// group and removes the folder; every test calls it (`defer`).
public final class FrameworkServer: Sendable {
    /// A launch that could not go on, in one line.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The frameworks with a fixture, by the fixture's folder name.
    public enum Framework: String, CaseIterable, Sendable {
        /// Django REST framework (DefaultRouter, drf-spectacular).
        case django
        /// Datasette 0.65 (read-only).
        case datasette
        /// Django REST framework JSON:API.
        case dja
        /// django-tastypie.
        case tastypie
        /// Flask-RESTX (Swagger 2.0).
        case flaskRESTX = "flask-restx"
        /// Django Ninja (OpenAPI 3.1).
        case ninja
        /// ariadne 1.1.1: a GraphQL library service, schema-first (Relay-style
        /// connections in its SDL), in memory, served by wsgiref at `/graphql`.
        case ariadne
        /// django-oauth-toolkit: an OAuth 2 authorization server (authorization
        /// code + PKCE, device authorization, refresh tokens) and a protected
        /// `/api/todos` (Tests/Fixtures/oauth-provider; not a library service).
        case oauth
        /// grpcio 1.85.1 with grpcio-reflection: a gRPC library service
        /// (library.proto: ListBooks/GetBook/CreateBook/ListAuthors/GetAuthor/
        /// CountBooks, 120 books, 12 authors, AIP-158 paging), in memory,
        /// server reflection v1alpha only; TLS when given a certificate.
        case grpc
        /// FastAPI 0.165 on uvicorn, as its tutorial writes an API: books
        /// read only as a list (`PATCH`/`DELETE /books/{book_id}`, no `GET`
        /// of one), publishers and authors one by one too; in memory.
        case fastAPI = "fastapi"
        /// instant-json-server 0.1.2 (PyPI, on FastAPI): `/{resource}` and
        /// `/{resource}/{id}` over a db.json of the library, no `GET` of one
        /// record; in the FastAPI fixture's folder and venv (`instant.py`).
        case instantJSONServer = "instant-json-server"
        /// simple-json-server 0.2.0 (PyPI, http.server): its root answers
        /// the collections' names; in the `jsonmocks` fixture (`serve.py`).
        case simpleJSONServer = "simple-json-server"
        /// json-server-py 0.1.11 (PyPI, aiohttp): its root answers the whole
        /// database; in the `jsonmocks` fixture (`serve.py`).
        case jsonServerPy = "json-server-py"
        /// pyjserver 0.0.2 (PyPI, Flask): records read, `PUT` and deleted
        /// one by one, no `PATCH`; in the `jsonmocks` fixture (`serve.py`).
        case pyjserver

        /// `Tests/Fixtures/<this>`.
        public var fixture: String { self == .oauth ? "oauth-provider" : "\(venvName)-library" }

        /// `.build/<this>-venv`: the name `scripts/framework-venvs` knows.
        var venvName: String {
            switch self {
            case .instantJSONServer: Framework.fastAPI.rawValue
            case .simpleJSONServer, .jsonServerPy, .pyjserver: "jsonmocks"
            default: rawValue
            }
        }

        /// The script that makes the venv, as a user would run it.
        public var venvScript: String {
            self == .django ? "scripts/django-venv" : "scripts/framework-venvs \(venvName)"
        }

        /// The environment variable that may name the venv instead.
        var venvVariable: String {
            "TRESTLE_\(venvName.uppercased().replacingOccurrences(of: "-", with: "_"))_VENV"
        }

        /// The environment variable the fixture reads its SQLite file's path from.
        var databaseVariable: String { self == .django ? "DJANGO_LIBRARY_DB" : "LIBRARY_DB" }

        /// Datasette names the database after the file, so the URL is `/library`.
        var databaseFile: String { self == .datasette ? "library.db" : "library.sqlite3" }

        /// What runs before the server, each to its end (after the venv's python).
        var setup: [[String]] {
            switch self {
            case .django, .dja, .tastypie, .ninja, .oauth:
                [["manage.py", "migrate", "-v", "0"], ["manage.py", "seed"]]
            case .datasette, .flaskRESTX: [["seed.py"]]
            case .ariadne, .grpc, .fastAPI, .instantJSONServer, .simpleJSONServer, .jsonServerPy, .pyjserver: []
            }
        }

        /// The server's arguments (after the venv's python).
        func serve(port: Int, database: String) -> [String] {
            switch self {
            case .django, .dja, .tastypie, .ninja, .oauth:
                ["manage.py", "runserver", "--noreload", "127.0.0.1:\(port)"]
            case .datasette: ["-m", "datasette", "serve", database, "--host", "127.0.0.1", "--port", "\(port)"]
            case .flaskRESTX, .ariadne, .fastAPI: ["app.py", "\(port)"]
            case .instantJSONServer: ["instant.py", "\(port)"]
            case .simpleJSONServer: ["serve.py", "simple", "\(port)"]
            case .jsonServerPy: ["serve.py", "json-server-py", "\(port)"]
            case .pyjserver: ["serve.py", "pyjserver", "\(port)"]
            case .grpc: ["server.py", "\(port)"]
            }
        }

        /// The URL a user would give Trestle: the API root as its docs name it.
        public var apiRootPath: String {
            switch self {
            case .django: "/api/"
            case .datasette: "/library"
            case .dja, .flaskRESTX, .ariadne, .grpc, .fastAPI, .instantJSONServer, .simpleJSONServer, .jsonServerPy,
                .pyjserver:
                "/"
            case .tastypie: "/api/v1/"
            case .ninja, .oauth: "/api"
            }
        }

        /// A path that answers 200 once the server is up (Ninja's `/api` does
        /// not: it has no root), and the `Accept` it wants (DJA answers 406
        /// to `application/json`).
        var ready: (path: String, accept: String) {
            switch self {
            case .django: ("/api/", "application/json")
            case .datasette: ("/library.json", "application/json")
            case .dja: ("/", "application/vnd.api+json")
            case .tastypie: ("/api/v1/", "application/json")
            case .flaskRESTX: ("/swagger.json", "application/json")
            case .ninja: ("/api/openapi.json", "application/json")
            // GET shows ariadne's explorer page: the server is up.
            case .ariadne: ("/graphql", "text/html")
            case .oauth: ("/login/", "text/html")
            case .fastAPI: ("/openapi.json", "application/json")
            case .instantJSONServer, .simpleJSONServer, .jsonServerPy: ("/books", "application/json")
            case .pyjserver: ("/books/", "application/json")
            // No HTTP/1: server.py prints `serving PORT` once it listens.
            case .grpc: ("", "")
            }
        }

        /// The server's output files' stem (`runserver.stderr` for Django, as before).
        var logStem: String { self == .django ? "runserver" : "server" }
    }

    public let framework: Framework
    public let port: Int
    /// `http://127.0.0.1:PORT` + ``Framework/apiRootPath``.
    public let apiRoot: URL
    /// The server's own folder: the SQLite file and the server's output.
    public let folder: URL
    let pid: Int32

    /// Where the server writes its request log (runserver and Flask: stderr).
    public var requestLogFile: URL { folder.appendingPathComponent("\(framework.logStem).stderr") }

    private init(framework: Framework, port: Int, folder: URL, pid: Int32, tls: Bool = false) throws {
        let scheme = framework == .grpc ? (tls ? "grpcs" : "grpc") : "http"
        let root = framework == .grpc ? "" : framework.apiRootPath
        guard let apiRoot = URL(string: "\(scheme)://127.0.0.1:\(port)\(root)") else {
            throw Failure("no URL for port \(port)")
        }
        self.framework = framework
        self.port = port
        self.apiRoot = apiRoot
        self.folder = folder
        self.pid = pid
    }

    /// The venv's folder, or a failure naming the script that makes it.
    public static func venv(_ framework: Framework) throws -> URL {
        let folder =
            ProcessInfo.processInfo.environment[framework.venvVariable].map { URL(fileURLWithPath: $0) }
            ?? BuiltProducts.packageRoot.appendingPathComponent(".build/\(framework.venvName)-venv")
        guard FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("bin/python").path) else {
            let name = framework == .django ? "Django" : framework.rawValue
            throw Failure("no \(name) venv at \(folder.path): run \(framework.venvScript) first")
        }
        return folder
    }

    /// The fixture's folder.
    public static func project(_ framework: Framework) -> URL {
        BuiltProducts.packageRoot.appendingPathComponent("Tests/Fixtures/\(framework.fixture)")
    }

    /// Seeds a fresh database, then runs the server until it answers (a few
    /// tries should another process take the port first).
    /// - Parameter tls: the certificate and key (PEM files) the server
    ///   presents (``Framework/grpc`` only: it serves `grpcs://` then).
    /// - Parameter environment: more variables for the server (``Framework/grpc``'s
    ///   `LIBRARY_TOKEN`: calls without that bearer token are refused).
    public static func start(
        _ framework: Framework, tls: (certificate: String, key: String)? = nil, environment more: [String: String] = [:]
    ) async throws -> FrameworkServer {
        let python = try venv(framework).appendingPathComponent("bin/python").path
        let project = project(framework)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-\(framework.rawValue)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let database = folder.appendingPathComponent(framework.databaseFile).path
            var environment = ProcessInfo.processInfo.environment
            environment[framework.databaseVariable] = database
            environment["PYTHONDONTWRITEBYTECODE"] = "1"
            environment["PYTHONUNBUFFERED"] = "1"
            environment.merge(more) { _, given in given }
            for step in framework.setup {
                try await run([python, project.appendingPathComponent(step[0]).path] + step.dropFirst(), environment)
            }
            for _ in 0..<3 {
                let port = try DjangoProcess.freePort()
                var arguments = framework.serve(port: port, database: database)
                if arguments[0].hasSuffix(".py") { arguments[0] = project.appendingPathComponent(arguments[0]).path }
                if let tls { arguments += [tls.certificate, tls.key] }
                let pid = try DjangoProcess.start(
                    [python] + arguments, environment: environment,
                    stdout: folder.appendingPathComponent("\(framework.logStem).stdout").path,
                    stderr: folder.appendingPathComponent("\(framework.logStem).stderr").path)
                let server: FrameworkServer
                do {
                    server = try FrameworkServer(
                        framework: framework, port: port, folder: folder, pid: pid, tls: tls != nil)
                } catch {
                    DjangoProcess.end(pid)
                    throw error
                }
                if try await server.awaitReady() { return server }
            }
            throw Failure("\(framework.rawValue) found no free port in 3 tries: \(tail(of: folder, framework))")
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Ends the server's process group and removes its folder (once; later calls do nothing).
    public func stop() {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        DjangoProcess.end(pid)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The request lines the server logged so far (`GET /api/books/?page=2 HTTP/1.1`):
    /// the first quoted text of each line of its output that has one.
    public func requestLines() -> [String] {
        let log = ["stderr", "stdout"].map { name in
            (try? String(
                contentsOf: folder.appendingPathComponent("\(framework.logStem).\(name)"), encoding: .utf8)) ?? ""
        }.joined(separator: "\n")
        // Werkzeug colours the request lines of 3xx/4xx answers (`ESC[33m…ESC[0m`) even in a file.
        let plain = log.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        return plain.split(separator: "\n").compactMap { line in
            guard let open = line.firstIndex(of: "\""),
                let close = line[line.index(after: open)...].firstIndex(of: "\"")
            else { return nil }
            let request = line[line.index(after: open)..<close]
            return request.hasSuffix("HTTP/1.1") || request.hasSuffix("HTTP/1.0") ? String(request) : nil
        }
    }

    /// The gRPC methods called so far, in order (`/library.v1.Library/ListBooks`):
    /// ``Framework/grpc``'s server logs `CALL <method>` on stderr.
    public func calls() -> [String] {
        let log =
            (try? String(contentsOf: folder.appendingPathComponent("\(framework.logStem).stderr"), encoding: .utf8))
            ?? ""
        return log.split(separator: "\n").compactMap { line in
            line.hasPrefix("CALL ") ? String(line.dropFirst(5)) : nil
        }
    }

    /// The paths (with their queries) of the requests logged so far.
    public func requestPaths() -> [String] {
        requestLines().compactMap { line in
            let words = line.split(separator: " ")
            return words.count >= 2 ? String(words[1]) : nil
        }
    }

    /// Polls the ready path until it answers 200 (true), the process ends
    /// (false when its port was taken, else a failure), or a minute passes
    /// (the process is ended, a failure).
    private func awaitReady() async throws -> Bool {
        if framework == .grpc { return try await awaitServing() }
        guard let url = URL(string: "http://127.0.0.1:\(port)\(framework.ready.path)") else {
            throw Failure("no URL for \(framework.ready.path)")
        }
        let transport = AsyncHTTPClientTransport(server: url)
        let network = NetworkClient(client: transport, retry: .never)
        let request = Networking.request(.get, url) |> withHeader("Accept", framework.ready.accept)
        let deadline = ContinuousClock.now + .seconds(60)
        var outcome: Result<Bool, Failure>?
        while outcome == nil && ContinuousClock.now < deadline {
            if DjangoProcess.hasExited(pid) {
                let output = Self.tail(of: folder, framework)
                outcome =
                    output.lowercased().contains("already in use")
                    ? .success(false)
                    : .failure(Failure("\(framework.rawValue) ended before it answered: \(output)"))
            } else if let response = try? await network.send(request, validation: .none), response.status == 200 {
                outcome = .success(true)
            } else {
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        await transport.shutdown()
        guard let outcome else {
            DjangoProcess.end(pid)
            let output = Self.tail(of: folder, framework)
            throw Failure("\(framework.rawValue) did not answer \(url) within 60 s: \(output)")
        }
        return try outcome.get()
    }

    /// Waits for `serving PORT` on the server's stdout (true), its end
    /// (false when its port was taken, else a failure), or a minute.
    private func awaitServing() async throws -> Bool {
        let stdout = folder.appendingPathComponent("\(framework.logStem).stdout")
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOf: stdout, encoding: .utf8), text.contains("serving \(port)") {
                return true
            }
            if DjangoProcess.hasExited(pid) {
                let output = Self.tail(of: folder, framework)
                if output.lowercased().contains("already in use") { return false }
                throw Failure("\(framework.rawValue) ended before it served: \(output)")
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        DjangoProcess.end(pid)
        throw Failure("\(framework.rawValue) did not serve within 60 s: \(Self.tail(of: folder, framework))")
    }

    /// Runs one setup step to its end; a failure carries its output.
    private static func run(_ arguments: [String], _ environment: [String: String]) async throws {
        let result = try await OwnThread.run {
            try Spawn.run(arguments, environment: environment, timeout: .seconds(120))
        }
        guard result.status == 0 else {
            let output = String(decoding: result.stderr + result.stdout, as: UTF8.self)
            throw Failure(
                "\(arguments.dropFirst().joined(separator: " ")) failed (\(result.status)): \(output.suffix(600))")
        }
    }

    /// The last lines the server wrote, for a failure message.
    private static func tail(of folder: URL, _ framework: Framework) -> String {
        let text = ["stderr", "stdout"].map { name in
            (try? String(
                contentsOf: folder.appendingPathComponent("\(framework.logStem).\(name)"), encoding: .utf8)) ?? ""
        }.joined(separator: "\n")
        return String(text.suffix(600)).replacingOccurrences(of: "\n", with: " | ")
    }

    // The library every fixture serves (the rows of
    // Tests/Fixtures/library-catalog/library_data.py, which every seed uses).

    public static let publisherCount = 12
    public static let authorCount = 20
    public static let bookCount = 64

    /// The seed's names.
    public static let publisherNames = [
        "Harbor House", "Lantern Press", "Quill & Co", "North Star", "Ember Books", "Saltmarsh",
        "Blue Heron", "Copperfield", "Juniper", "Old Mill", "Riverbend", "Tidewater",
    ]
    public static let authorNames = [
        "Imani Okafor", "Lena Vogel", "Rafael Souza", "Aiko Tanaka", "Mere Parata", "Jonas Berg",
        "Clara Nunes", "Kenji Mori", "Ada Lindqvist", "Tomas Ruiz", "Nia Mensah", "Ola Nordmann",
        "Priya Raman", "Sean Byrne", "Yara Haddad", "Lukas Novak", "Maya Levi", "Omar Farouk",
        "Ines Costa", "Hana Sato",
    ]

    /// Book `number`'s title, publisher id and author id, as the seed made them.
    public static func title(ofBook number: Int) -> String { "Chronicle \(number)" }
    public static func publisher(ofBook number: Int) -> Int { (number - 1) % publisherCount + 1 }
    public static func author(ofBook number: Int) -> Int { number * 7 % authorCount + 1 }
}
