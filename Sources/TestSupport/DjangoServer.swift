import Foundation
import Networking

/// A real Django REST framework service: the project in
/// `Tests/Fixtures/django-library` (Django, DRF, drf-spectacular,
/// django-filter, as its requirements.txt pins them) run by
/// `manage.py runserver --noreload` on 127.0.0.1 and a free port, over a
/// SQLite file migrated and seeded in a temporary folder of its own.
///
/// The Python packages live in the venv `scripts/django-venv` makes
/// (`.build/django-venv`, or `$TRESTLE_DJANGO_VENV`); without it
/// ``start()`` fails saying so. ``stop()`` ends the server's process group
/// and removes the folder; every test calls it (`defer`).
public final class DjangoServer: Sendable {
    /// A launch that could not go on, in one line.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    public let port: Int
    /// DefaultRouter's API root, `http://127.0.0.1:PORT/api/`.
    public let apiRoot: URL
    /// The server's own folder: the SQLite file and runserver's output.
    public let folder: URL
    let pid: Int32

    /// Where runserver writes its request log (its stderr).
    public var requestLogFile: URL { folder.appendingPathComponent("runserver.stderr") }

    private init(port: Int, folder: URL, pid: Int32) throws {
        guard let apiRoot = URL(string: "http://127.0.0.1:\(port)/api/") else {
            throw Failure("no URL for port \(port)")
        }
        self.port = port
        self.apiRoot = apiRoot
        self.folder = folder
        self.pid = pid
    }

    /// The venv's folder, or a failure naming the script that makes it.
    public static func venv() throws -> URL {
        let folder =
            ProcessInfo.processInfo.environment["TRESTLE_DJANGO_VENV"].map { URL(fileURLWithPath: $0) }
            ?? BuiltProducts.packageRoot.appendingPathComponent(".build/django-venv")
        guard FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("bin/python").path) else {
            throw Failure("no Django venv at \(folder.path): run scripts/django-venv first")
        }
        return folder
    }

    /// The Django project's folder.
    public static var project: URL {
        BuiltProducts.packageRoot.appendingPathComponent("Tests/Fixtures/django-library")
    }

    /// Migrates and seeds a fresh database, then runs the server until its
    /// API root answers (a few tries should another process take the port first).
    public static func start() async throws -> DjangoServer {
        let python = try venv().appendingPathComponent("bin/python").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-django-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            var environment = ProcessInfo.processInfo.environment
            environment["DJANGO_LIBRARY_DB"] = folder.appendingPathComponent("library.sqlite3").path
            environment["PYTHONDONTWRITEBYTECODE"] = "1"
            environment["PYTHONUNBUFFERED"] = "1"
            let manage = project.appendingPathComponent("manage.py").path
            for command in [["migrate", "-v", "0"], ["seed"]] {
                try await run([python, manage] + command, environment: environment)
            }
            for _ in 0..<3 {
                let port = try DjangoProcess.freePort()
                let pid = try DjangoProcess.start(
                    [python, manage, "runserver", "--noreload", "127.0.0.1:\(port)"], environment: environment,
                    stdout: folder.appendingPathComponent("runserver.stdout").path,
                    stderr: folder.appendingPathComponent("runserver.stderr").path)
                let server: DjangoServer
                do {
                    server = try DjangoServer(port: port, folder: folder, pid: pid)
                } catch {
                    DjangoProcess.end(pid)
                    throw error
                }
                if try await server.awaitReady() { return server }
            }
            throw Failure("runserver found no free port in 3 tries: \(tail(of: folder))")
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

    /// The request lines runserver logged so far (`GET /api/books/?page=2 HTTP/1.1`).
    public func requestLines() -> [String] {
        let log = (try? String(contentsOf: requestLogFile, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            guard let open = line.firstIndex(of: "\""),
                let close = line[line.index(after: open)...].firstIndex(of: "\"")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// The paths (with their queries) of the requests logged so far.
    public func requestPaths() -> [String] {
        requestLines().compactMap { line in
            let words = line.split(separator: " ")
            return words.count >= 2 ? String(words[1]) : nil
        }
    }

    /// Polls the API root until it answers 200 (true), the process ends
    /// (false when its port was taken, else a failure), or a minute passes
    /// (the process is ended, a failure).
    private func awaitReady() async throws -> Bool {
        let transport = AsyncHTTPClientTransport(server: apiRoot)
        let network = NetworkClient(client: transport, retry: .never)
        let request = Networking.request(.get, apiRoot) |> withHeader("Accept", "application/json")
        let deadline = ContinuousClock.now + .seconds(60)
        var outcome: Result<Bool, Failure>?
        while outcome == nil && ContinuousClock.now < deadline {
            if DjangoProcess.hasExited(pid) {
                let output = Self.tail(of: folder)
                outcome =
                    output.contains("already in use")
                    ? .success(false) : .failure(Failure("runserver ended before it answered: \(output)"))
            } else if let response = try? await network.send(request, validation: .none), response.status == 200 {
                outcome = .success(true)
            } else {
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        await transport.shutdown()
        guard let outcome else {
            DjangoProcess.end(pid)
            throw Failure("runserver did not answer \(apiRoot) within 60 s: \(Self.tail(of: folder))")
        }
        return try outcome.get()
    }

    /// Runs one management command to its end; a failure carries its output.
    private static func run(_ arguments: [String], environment: [String: String]) async throws {
        let result = try await OwnThread.run {
            try Spawn.run(arguments, environment: environment, timeout: .seconds(120))
        }
        guard result.status == 0 else {
            let output = String(decoding: result.stderr + result.stdout, as: UTF8.self)
            throw Failure(
                "\(arguments.dropFirst().joined(separator: " ")) failed (\(result.status)): \(output.suffix(600))")
        }
    }

    /// The last lines runserver wrote, for a failure message.
    private static func tail(of folder: URL) -> String {
        let text = ["runserver.stderr", "runserver.stdout"].map { name in
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }.joined(separator: "\n")
        return String(text.suffix(600)).replacingOccurrences(of: "\n", with: " | ")
    }

    public static let publisherCount = 12
    public static let authorCount = 20
    public static let bookCount = 64
    /// `PAGE_SIZE` of the project's settings.
    public static let pageSize = 10

    /// The seed's names (`catalog/management/commands/seed.py`).
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
