import Foundation
import TestSupport
import Testing

/// Where a test's app gets its data: the built-in fake environment, or the
/// production environment pointed at a local json-server over the same
/// sample data (`--env production --base-url http://127.0.0.1:PORT`).
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case fake
    case server

    var testDescription: String { rawValue }

    /// The environment's name in the status bar.
    var marker: String { self == .fake ? " FAKE " : " PRODUCTION " }
}

/// The shipped sample data (`sample-data/db.json`), for expectations that
/// are computed rather than copied from a screen.
enum SampleData {
    static var file: URL { BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json") }

    /// The records of one collection, in the file's order.
    static func records(_ name: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return try #require(object?[name] as? [[String: Any]], "no \(name) in \(file.path)")
    }

    /// How many records of `name` have `field` equal to `value`.
    static func count(_ name: String, where field: String, is value: Int) throws -> Int {
        try records(name).filter { $0[field] as? Int == value }.count
    }

    /// A user detail's relations line: `1 todos (20)   2 posts (10)   3 albums (10)`.
    static func userRelations(_ id: Int) throws -> String {
        let todos = try count("todos", where: "userId", is: id)
        let posts = try count("posts", where: "userId", is: id)
        let albums = try count("albums", where: "userId", is: id)
        return "1 todos (\(todos))   2 posts (\(posts))   3 albums (\(albums))"
    }

    /// The ids of the records of `name` with a text value containing
    /// `text` (case-insensitively), in the file's order.
    static func ids(_ name: String, containing text: String) throws -> [Int] {
        try records(name).filter { record in
            record.values.contains { ($0 as? String)?.lowercased().contains(text.lowercased()) == true }
        }.compactMap { $0["id"] as? Int }
    }

    /// The record of `name` with `id`.
    static func record(_ name: String, id: Int) throws -> [String: Any] {
        try #require(try records(name).first { $0["id"] as? Int == id }, "no \(name)/\(id)")
    }
}

extension EngineTestServer {
    /// The query of each request for `path`, as a set of its raw
    /// `name=value` parts (`["_page=1", "_limit=500"]`), in arrival order.
    ///
    /// Tests read the request log through these small functions rather
    /// than with closures inline: inside the long async test closures,
    /// Swift 6.3.1 crashed compiling such closures (in SendNonSendable)
    /// and, in another shape, filtered the log wrongly (1 of 4 matches).
    func queries(for path: String) async -> [Set<String>] {
        var result: [Set<String>] = []
        for request in await requests where request.path == path {
            result.append(Set((request.query ?? "").split(separator: "&").map(String.init)))
        }
        return result
    }

    /// `METHOD /path` of every request, in arrival order.
    func requestLines() async -> [String] {
        var result: [String] = []
        for request in await requests { result.append("\(request.method) \(request.path)") }
        return result
    }
}

/// The app under test and, for `.server`, the server it talks to.
struct Launched {
    let app: RunningApp
    let server: EngineTestServer?

    var session: TmuxSession { app.session }
}

extension Backend {
    /// Starts the app on this backend (a fresh server over the sample data
    /// for `.server`, one per test, so that writes never leak between
    /// tests), runs `body`, and stops the server however `body` ends.
    func run(
        _ extra: [String] = [], reportingExit: Bool = false, omittingHeaders: Set<String> = [],
        database: String? = nil, _ body: (Launched) async throws -> Void
    ) async throws {
        switch self {
        case .fake:
            let app = try RunningApp(["--delay", "0"] + extra, reportingExit: reportingExit)
            defer { app.stop() }
            try await body(Launched(app: app, server: nil))
        case .server:
            let server =
                if let database {
                    try await EngineTestServer.start(json: database, omittingHeaders: omittingHeaders)
                } else {
                    try await EngineTestServer.start(file: SampleData.file, omittingHeaders: omittingHeaders)
                }
            do {
                let app = try RunningApp(
                    ["--env", "production", "--base-url", server.baseURLString, "--delay", "0"] + extra,
                    reportingExit: reportingExit)
                defer { app.stop() }
                try await body(Launched(app: app, server: server))
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }
}
