import Foundation
import JSON
import JSONServerCore
import Serve
import TestSupport
import Testing

@Suite struct TrestleServerTests {
    @Test func ephemeralPortIsReportedWithTheBoundURL() async throws {
        let server = try await RunningServer.start(database: try ConformanceFixture.database())
        #expect(server.url.host == "127.0.0.1")
        #expect((server.url.port ?? 0) > 0)
        let response = try await server.send("GET", "/todos/1")
        #expect(response.status == 200)
        await server.stop()
    }

    @Test func bannerNamesURLAndResourceCounts() throws {
        let options = ServeOptions(dataURL: URL(fileURLWithPath: "/dev/null"))
        let server = TrestleServer(options: options, database: try ConformanceFixture.database())
        let url = try #require(URL(string: "http://127.0.0.1:3000"))
        #expect(
            server.banner(url: url)
                == "Serving http://127.0.0.1:3000 — resources: users (3), posts (4), comments (6), todos (12), profile (1)"
        )
    }

    @Test func malformedDataFileErrorNamesFileAndPosition() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-bad-\(UUID().uuidString).json")
        try Data("{\n  \"todos\": [\n    {\"id\": 1,}\n  ]\n}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = #expect(throws: ServeError.self) { try TrestleServer(options: ServeOptions(dataURL: file)) }
        let message = error?.description ?? ""
        #expect(message.contains(file.path))
        #expect(message.contains("line 3, column 14"))
    }

    /// A large file is parsed from its outline, its large collection in
    /// two halves on two threads: the same data as a whole parse, and a
    /// broken record in the second half the same one-line error.
    @Test func aLargeFileLoadsAsAWholeParseWouldInHalves() throws {
        let todos = (1...30_000).map { #"{"id": \#($0), "title": "todo \#($0)", "completed": \#($0 % 2 == 0)}"# }
        let text = #"{"users": [{"id": 1}], "todos": ["# + todos.joined(separator: ",\n") + #"], "profile": {"a": 1}}"#
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-large-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(text.utf8).write(to: file)
        #expect(text.utf8.count >= LazyDatabase.threshold)
        let server = try TrestleServer(options: ServeOptions(dataURL: file))
        #expect(server.engine.database() == (try JSONDatabase(data: Data(text.utf8))))

        let broken = text.replacingOccurrences(of: #""id": 25000,"#, with: #""id": 25000,,"#)
        try Data(broken.utf8).write(to: file)
        let error = #expect(throws: ServeError.self) { try TrestleServer(options: ServeOptions(dataURL: file)) }
        let whole = #expect(throws: JSONDatabase.LoadError.self) { try JSONDatabase(data: Data(broken.utf8)) }
        let expected = try #require(whole.map { ServeError.invalidData(path: file.path, error: $0).description })
        #expect(error?.description == expected)
        #expect(expected.contains("line 25000"))
    }

    @Test func missingDataFileErrorNamesFile() {
        let file = URL(fileURLWithPath: "/nonexistent/trestle/db.json")
        let error = #expect(throws: ServeError.self) { try TrestleServer(options: ServeOptions(dataURL: file)) }
        #expect(error?.description.hasPrefix("/nonexistent/trestle/db.json: cannot read") == true)
    }

    @Test func sampleDataLoadsAllResources() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../sample-data/db.json")
        let server = try TrestleServer(options: ServeOptions(dataURL: url))
        #expect(server.resources.map(\.count) == [10, 100, 500, 100, 5000, 200])
    }

    @Test func delayHoldsTheAnswerBack() async throws {
        let database = try ConformanceFixture.database()
        let options = ServeOptions(port: 0, dataURL: URL(fileURLWithPath: "/dev/null")).withDelay(milliseconds: 150)
        let server = TrestleServer(options: options, database: database)
        let (ready, continuation) = AsyncStream.makeStream(of: URL.self)
        let task = Task { try await server.run(handlingSignals: false) { continuation.yield($0) } }
        var iterator = ready.makeAsyncIterator()
        let url = try #require(await iterator.next())
        let clock = ContinuousClock()
        let start = clock.now
        _ = try await RunningServer.session.data(from: url.appendingPathComponent("todos"))
        #expect(clock.now - start >= .milliseconds(150))
        task.cancel()
        _ = await task.result
    }
}
