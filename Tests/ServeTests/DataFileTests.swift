import Foundation
import JSON
import JSONServerCore
import Serve
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `trestle serve --data FILE`: acknowledged writes are in FILE, outside
/// changes to FILE are served, and bad ones are refused.
@Suite struct DataFileTests {
    /// A server over a copy of the fixture in a fresh folder, keeping writes.
    struct Served {
        let folder: URL
        let file: URL
        let server: TrestleServer
        let url: URL
        let changes: AsyncStream<String>
        let task: Task<Void, any Error>

        static func start(keepsWrites: Bool = true) async throws -> Served {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "trestle-datafile-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("db.json")
            try Data(ConformanceFixture.json.utf8).write(to: file)
            let options = ServeOptions(
                host: "127.0.0.1", port: 0, dataURL: file, keepsWrites: keepsWrites,
                watchInterval: .milliseconds(50))
            let server = try TrestleServer(options: options)
            let (ready, readyContinuation) = AsyncStream.makeStream(of: URL.self)
            let (changes, changesContinuation) = AsyncStream.makeStream(of: String.self)
            let task = Task {
                try await server.run(
                    handlingSignals: false, onReady: { readyContinuation.yield($0) },
                    onFileChange: { changesContinuation.yield($0) })
            }
            var iterator = ready.makeAsyncIterator()
            guard let url = await iterator.next() else { throw CancellationError() }
            return Served(folder: folder, file: file, server: server, url: url, changes: changes, task: task)
        }

        func stop() async {
            task.cancel()
            _ = await task.result
            try? FileManager.default.removeItem(at: folder)
        }

        func send(_ method: String, _ path: String, _ body: String? = nil) async throws -> (Int, JSONValue?) {
            try await JSONRequest.send(method, path, to: url, body: body)
        }

        /// The file as it is on disk now.
        func onDisk() throws -> JSONDatabase {
            try JSONDatabase(data: try Data(contentsOf: file))
        }

        /// Replaces the file as an editor would (write a new file, rename it over).
        func editOutside(_ text: String) throws {
            let temporary = folder.appendingPathComponent("edit.tmp")
            try Data(text.utf8).write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    @Test func aCreatedRecordIsInTheFileWhenTheAnswerArrives() async throws {
        let served = try await Served.start()
        let (status, created) = try await served.send("POST", "/todos", #"{"title":"kept","userId":1}"#)
        #expect(status == 201)
        let todos = try #require(try served.onDisk().root["todos"]?.arrayValue)
        #expect(todos.last?["title"] == "kept")
        #expect(todos.last?["id"] == created?["id"])
        await served.stop()
    }

    @Test func patchAndDeleteAreInTheFile() async throws {
        let served = try await Served.start()
        #expect(try await served.send("PATCH", "/posts/1", #"{"title":"renamed"}"#).0 == 200)
        #expect(try await served.send("DELETE", "/posts/2").0 == 200)
        let posts = try #require(try served.onDisk().root["posts"]?.arrayValue)
        #expect(posts.first?["title"] == "renamed")
        #expect(!posts.contains { $0["id"] == 2 })
        await served.stop()
    }

    @Test func manyWritesAtOnceAreAllSavedInFewerReplacements() async throws {
        let served = try await Served.start()
        let writes = 60
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<writes {
                group.addTask { try await served.send("POST", "/comments", #"{"postId":1,"body":"c\#(index)"}"#).0 }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 201, count: writes))
        let bodies = Set(
            try #require(try served.onDisk().root["comments"]?.arrayValue).compactMap { $0["body"]?.stringValue })
        #expect((0..<writes).allSatisfy { bodies.contains("c\($0)") })
        let saves = await served.server.savesSoFar()
        #expect(saves >= 1 && saves < writes, "one save per batch, not per write: \(saves) saves")
        await served.stop()
    }

    @Test func aRefusedWriteLeavesTheFileAlone() async throws {
        let served = try await Served.start()
        let before = try Data(contentsOf: served.file)
        #expect(try await served.send("PATCH", "/todos/999", #"{"title":"x"}"#).0 == 404)
        #expect(try Data(contentsOf: served.file) == before)
        #expect(await served.server.savesSoFar() == 0)
        await served.stop()
    }

    @Test func anOutsideChangeIsServed() async throws {
        let served = try await Served.start()
        try served.editOutside(#"{"todos": [{"id": 1, "title": "from the editor"}], "notes": []}"#)
        var changes = served.changes.makeAsyncIterator()
        let line = try #require(await changes.next())
        #expect(line.contains("db.json changed: now serving todos (1), notes (0)"))
        let (status, todo) = try await served.send("GET", "/todos/1")
        #expect(status == 200)
        #expect(todo?["title"] == "from the editor")
        await served.stop()
    }

    @Test func anInvalidOutsideChangeIsRefusedAndTheLastGoodDataServed() async throws {
        let served = try await Served.start()
        try served.editOutside("{\n  \"todos\": [1,\n")
        var changes = served.changes.makeAsyncIterator()
        let line = try #require(await changes.next())
        #expect(line.contains("changed but is not usable"))
        #expect(line.contains("line 3, column 1"))
        #expect(line.contains("still serving the last good data"))
        let (status, post) = try await served.send("GET", "/posts/1")
        #expect(status == 200)
        #expect(post?["title"] == "Engines of analysis")
        await served.stop()
    }

    @Test func withoutKeepingWritesTheFileIsNeverWritten() async throws {
        let served = try await Served.start(keepsWrites: false)
        let before = try Data(contentsOf: served.file)
        #expect(try await served.send("POST", "/todos", #"{"title":"in memory"}"#).0 == 201)
        #expect(try Data(contentsOf: served.file) == before)
        #expect(served.server.writesLine.hasPrefix("writes stay in memory"))
        await served.stop()
    }
}
