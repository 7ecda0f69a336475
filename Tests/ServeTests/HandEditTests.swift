import Foundation
import JSON
import JSONServerCore
import TestSupport
import Testing

@testable import Serve

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `trestle serve --data FILE` never writes over what the user put in FILE:
/// while a hand edit leaves FILE unusable (bad JSON, deleted), writes are
/// answered 503 with one line naming the file and the position, FILE keeps
/// its bytes, reads keep the last good data; once FILE is fixed, writes
/// are saved again, on top of the user's edit.
@Suite(.serialized) struct HandEditTests {
    private static let good = """
        {
          "todos": [
            {"id": 1, "title": "first"}
          ]
        }

        """
    /// A record added by hand, with the trailing comma an editor leaves.
    private static let broken = """
        {
          "todos": [
            {"id": 1, "title": "first"},
            {"id": 2, "title": "added by hand"},
          ]
        }

        """
    private static let fixed = broken.replacingOccurrences(of: "hand\"},\n", with: "hand\"}\n")

    private static func folderWithData() throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-handedit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("db.json")
        try Data(good.utf8).write(to: file)
        return (folder, file)
    }

    /// Sends one request; the status, the parsed body and the `Retry-After` header.
    private static func send(_ method: String, _ path: String, to base: URL, body: String? = nil) async throws
        -> (status: Int, json: JSONValue?, retryAfter: String?)
    {
        let (status, json, response) = try await JSONRequest.exchange(method, path, to: base, body: body)
        return (status, json, response?.value(forHTTPHeaderField: "Retry-After"))
    }

    @Test(arguments: [JSONServerDialect.v0, .v1])
    func aBrokenHandEditIsNeverWrittenOverAndWritesResumeOnceItIsFixed(_ dialect: JSONServerDialect) async throws {
        let (folder, file) = try Self.folderWithData()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServeProcess(arguments: ["--data", file.path, "--dialect", dialect.rawValue])
        defer { server.stop() }

        // The edit, and a write right after it (before any look of the watch loop).
        try Data(Self.broken.utf8).write(to: file)
        let refused = try await Self.send("POST", "/todos", to: server.url, body: #"{"title":"new"}"#)
        #expect(refused.status == 503)
        let message = try #require(refused.json?["error"]?.stringValue)
        #expect(message.hasPrefix("Not saved: \(file.path) is not usable (invalid JSON: "))
        #expect(message.contains("at line 5, column 3"))
        #expect(message.hasSuffix("writes are refused until it is fixed"))
        #expect(!message.contains("\n"))
        #expect(refused.retryAfter.flatMap(Int.init).map { $0 >= 1 } == true)
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.broken)

        // Other writes too; reads answer the last good data.
        #expect(try await Self.send("DELETE", "/todos/1", to: server.url).status == 503)
        #expect(try await Self.send("GET", "/todos/1", to: server.url).json?["title"] == "first")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.broken)

        // Fixed by hand: the next write is saved on top of the user's edit.
        try Data(Self.fixed.utf8).write(to: file)
        let created = try await Self.send("POST", "/todos", to: server.url, body: #"{"title":"new"}"#)
        #expect(created.status == 201)
        let todos = try #require(try JSONDatabase(data: Data(contentsOf: file)).root["todos"]?.arrayValue)
        #expect(todos.compactMap { $0["title"]?.stringValue } == ["first", "added by hand", "new"])
    }

    @Test func aDeletedDataFileIsNotRecreatedByAWrite() async throws {
        let (folder, file) = try Self.folderWithData()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServeProcess(arguments: ["--data", file.path])
        defer { server.stop() }

        try FileManager.default.removeItem(at: file)
        let refused = try await Self.send("PATCH", "/todos/1", to: server.url, body: #"{"title":"changed"}"#)
        #expect(refused.status == 503)
        #expect(
            refused.json?["error"]
                == .string("Not saved: \(file.path) was deleted or moved; writes are refused until it is fixed"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await Self.send("GET", "/todos/1", to: server.url).json?["title"] == "first")

        // Put back (as `git checkout` would): served, and written to again.
        try Data(Self.fixed.utf8).write(to: file)
        #expect(try await Self.send("PATCH", "/todos/2", to: server.url, body: #"{"done":true}"#).status == 200)
        let todos = try #require(try JSONDatabase(data: Data(contentsOf: file)).root["todos"]?.arrayValue)
        #expect(todos.last?["done"] == true)
        #expect(todos.count == 2)
    }

    @Test func theWatchLoopSaysWritesAreRefusedAndThenAcceptedAgain() async throws {
        let served = try await DataFileTests.Served.start()
        var changes = served.changes.makeAsyncIterator()
        try served.editOutside(Self.broken)
        let refused = try #require(await changes.next())
        #expect(refused.contains("changed but is not usable"))
        #expect(refused.hasSuffix("still serving the last good data; writes are refused until it is fixed"))
        #expect(try await served.send("POST", "/todos", #"{"title":"x"}"#).0 == 503)
        try served.editOutside(Self.fixed)
        let reloaded = try #require(await changes.next())
        #expect(reloaded.contains("changed: now serving todos (2)"))
        #expect(try await served.send("POST", "/todos", #"{"title":"x"}"#).0 == 201)
        await served.stop()
    }

    /// The last guard, for an edit that lands between a write's look at the
    /// file and its save: the save does not rename over a changed file.
    @Test func aSaveLeavesAFileChangedSinceTheLastLookAlone() throws {
        let (folder, file) = try Self.folderWithData()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dataFile = DataFile(url: file)
        let seen = dataFile.identity()
        try Data(Self.broken.utf8).write(to: file)
        #expect(throws: DataFile.WriteError.self) {
            try dataFile.replace(with: Data(Self.good.utf8), expected: seen)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.broken)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["db.json"])
        // As last seen, it is replaced.
        _ = try dataFile.replace(with: Data(Self.good.utf8), expected: dataFile.identity())
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.good)
    }
}
