import Foundation
import JSON
import Testing

@testable import JSONServerCore

/// A snapshot's `_trestle` member describes the data: the engine serves it
/// as nothing (no resource, not in `/db` or `/openapi.json`), in both
/// dialects, whole or outlined, and keeps it first when the data is saved.
@Suite struct SnapshotDescriptionKeyTests {
    private static let text = """
        {"_trestle": {"version": 1, "resources": [{"name": "todos"}]},
         "todos": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}],
         "profile": {"name": "x"}}
        """

    private static func engines() throws -> [(String, JSONServerEngine)] {
        let database = try JSONDatabase(data: Data(text.utf8))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snap-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        guard let mapped = MappedFile(path: url.path), let lazy = try LazyDatabase(file: mapped, source: url.path)
        else { throw CocoaError(.fileReadUnknown) }
        try? FileManager.default.removeItem(at: url)
        return [
            ("v0", JSONServerEngine(database: database)), ("v1", JSONServerEngine(database: database, dialect: .v1)),
            ("lazy v0", JSONServerEngine(lazy: lazy)), ("lazy v1", JSONServerEngine(lazy: lazy, dialect: .v1)),
        ]
    }

    @Test func theDescriptionIsNoResource() throws {
        let database = try JSONDatabase(data: Data(Self.text.utf8))
        #expect(database.resourceNames == ["todos", "profile"])
        #expect(database.summary.map(\.name) == ["todos", "profile"])
        #expect(database.dataDescription?.objectValue?["version"] == .int(1))
    }

    @Test func noRouteServesIt() async throws {
        for (name, engine) in try Self.engines() {
            let direct = await engine.handle(EngineRequest(method: "GET", target: "/_trestle"))
            #expect(direct.status == 404, "\(name)")
            let db = await engine.handle(EngineRequest(method: "GET", target: "/db"))
            #expect(db.status == 200, "\(name)")
            #expect(db.json?.objectValue?.keys == ["todos", "profile"], "\(name)")
            let document = await engine.handle(EngineRequest(method: "GET", target: "/openapi.json"))
            #expect(document.status == 200, "\(name)")
            #expect(!String(decoding: document.body, as: UTF8.self).contains("_trestle"), "\(name)")
            let todos = await engine.handle(EngineRequest(method: "GET", target: "/todos"))
            #expect(todos.json?.arrayValue?.count == 2, "\(name)")
        }
    }

    @Test func savingKeepsTheDescriptionFirst() throws {
        var database = try JSONDatabase(data: Data(Self.text.utf8))
        database.setCollection("todos", [["id": 1, "title": "changed"]])
        let saved = try JSONParser.parse(database.data())
        #expect(saved.objectValue?.keys == ["_trestle", "todos", "profile"])
        #expect(try JSONDatabase(data: database.data()) == database)
    }
}
