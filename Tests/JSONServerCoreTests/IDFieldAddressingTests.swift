import Foundation
import JSON
import Testing

@testable import JSONServerCore

/// A snapshot's description names each collection's id field; the engine
/// addresses records by it (`/books/978-0-00-1` is the book whose `isbn`
/// is that, OData's `/People/ann` the person whose `UserName` is `ann`), in
/// both dialects, whole or outlined, for reads and writes.
@Suite struct IDFieldAddressingTests {
    private static let text = """
        {"_trestle": {"version": 1, "resources": [
           {"name": "books", "idField": "isbn"}, {"name": "People", "idField": "UserName"},
           {"name": "Products", "idField": "ID"}, {"name": "notes", "idField": "id"}]},
         "books": [{"isbn": "978-0-00-1", "title": "One"}, {"isbn": "978-0-00-2", "title": "Two"}],
         "People": [{"UserName": "ann", "Age": 20}, {"UserName": "o'brien", "Age": 26}],
         "Products": [{"ID": 5, "Name": "Chai 5"}],
         "notes": [{"id": 1, "text": "n"}]}
        """

    private static func engines(_ text: String = Self.text) throws -> [(String, JSONServerEngine)] {
        let database = try JSONDatabase(data: Data(text.utf8))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        guard let mapped = MappedFile(path: url.path), let lazy = try LazyDatabase(file: mapped, source: url.path)
        else { throw CocoaError(.fileReadUnknown) }
        return [
            ("v0", JSONServerEngine(database: database)), ("v1", JSONServerEngine(database: database, dialect: .v1)),
            ("lazy v0", JSONServerEngine(lazy: lazy)), ("lazy v1", JSONServerEngine(lazy: lazy, dialect: .v1)),
        ]
    }

    @Test func theDescriptionNamesTheIDFields() throws {
        let database = try JSONDatabase(data: Data(Self.text.utf8))
        #expect(database.idField(of: "books") == "isbn")
        #expect(database.idField(of: "People") == "UserName")
        #expect(database.idField(of: "notes") == "id")
        #expect(database.idField(of: "other") == "id")
    }

    @Test func recordsAreReadByTheirIDField() async throws {
        for (name, engine) in try Self.engines() {
            let book = await engine.handle(EngineRequest(method: "GET", target: "/books/978-0-00-2"))
            #expect(book.status == 200, "\(name)")
            #expect(book.json?["title"] == "Two", "\(name)")
            let person = await engine.handle(EngineRequest(method: "GET", target: "/People/o%27brien"))
            #expect(person.json?["Age"] == .int(26), "\(name)")
            let product = await engine.handle(EngineRequest(method: "GET", target: "/Products/5"))
            #expect(product.json?["Name"] == "Chai 5", "\(name)")
            let note = await engine.handle(EngineRequest(method: "GET", target: "/notes/1"))
            #expect(note.status == 200, "\(name)")
            let missing = await engine.handle(EngineRequest(method: "GET", target: "/books/978-0-00-9"))
            #expect(missing.status == 404, "\(name)")
        }
    }

    @Test func writesAddressTheIDFieldAndKeepIt() async throws {
        for (name, engine) in try Self.engines() {
            let body = Data(#"{"title": "Zwei"}"#.utf8)
            let patched = await engine.handle(
                EngineRequest(
                    method: "PATCH", target: "/books/978-0-00-2", headers: ["Content-Type": "application/json"],
                    body: body))
            #expect(patched.status == 200, "\(name)")
            #expect(patched.json?["isbn"] == "978-0-00-2", "\(name)")
            let replaced = await engine.handle(
                EngineRequest(
                    method: "PUT", target: "/books/978-0-00-2", headers: ["Content-Type": "application/json"],
                    body: body))
            #expect(replaced.json?["isbn"] == "978-0-00-2", "\(name)")
            let deleted = await engine.handle(EngineRequest(method: "DELETE", target: "/People/ann"))
            #expect(deleted.status == 200, "\(name)")
            let gone = await engine.handle(EngineRequest(method: "GET", target: "/People/ann"))
            #expect(gone.status == 404, "\(name)")
        }
    }

    @Test func withoutADescriptionRecordsAreAddressedByID() async throws {
        let plain = #"{"books": [{"id": 7, "isbn": "978-0-00-1"}]}"#
        for (name, engine) in try Self.engines(plain) {
            let byISBN = await engine.handle(EngineRequest(method: "GET", target: "/books/978-0-00-1"))
            #expect(byISBN.status == 404, "\(name)")
            let byID = await engine.handle(EngineRequest(method: "GET", target: "/books/7"))
            #expect(byID.status == 200, "\(name)")
        }
    }
}
