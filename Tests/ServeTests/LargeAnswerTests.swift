import Foundation
import JSON
import JSONServerCore
import Serve
import TestSupport
import Testing

/// Answers larger than the connection's buffers: a client that reads a
/// whole collection slowly gets all of it, whatever the idle timeout.
@Suite struct LargeAnswerTests {
    /// `count` todos: about 150 bytes each as served (pretty-printed).
    private static func todos(_ count: Int) -> JSONDatabase {
        let items = (1...count).map { number -> JSONValue in
            .object([
                "userId": .int(number / 20 + 1), "id": .int(number),
                "title": .string("large answer todo number \(number) lorem ipsum"), "completed": .bool(number % 3 == 0),
            ])
        }
        return JSONDatabase(collections: [("todos", .array(items))])
    }

    @Test func aWholeCollectionReadSlowerThanTheIdleTimeoutArrivesWholeAndParses() async throws {
        // 200,000 todos: about 30 MB, more than loopback's socket buffers hold.
        let count = 200_000
        // An idle timeout a starved test process's reads still keep up with
        // (300 ms did not, once, on a loaded machine, nor 2 s beside two CPU
        // hogs and a second test run), and a pause longer.
        let server = try await RunningServer.start(database: Self.todos(count)) { $0.idleTimeout = .seconds(10) }
        defer { Task { await server.stop() } }
        let connection = try RawConnection(port: server.port)
        connection.send("GET /todos HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // A slow reader (VisiData parses as it reads): nothing taken for
        // longer than the idle timeout while the answer waits to be sent.
        try await Task.sleep(for: .seconds(11))  // the client's pace, not synchronisation
        let response = try #require(await connection.readResponse(within: .seconds(120)))
        #expect(response.status == 200)
        #expect(response.headers["transfer-encoding"] == nil)
        #expect(response.body.count == Int(response.headers["content-length"] ?? "") ?? -1)
        let items = try JSONParser.parse(response.body).arrayValue
        #expect(items?.count == count)
        #expect(items?.last?["id"]?.intValue == count)
        await server.stop()
    }
}
