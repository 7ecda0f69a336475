import Foundation
import JSON
import JSONServerCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `trestle serve --data FILE` process: what it acknowledged
/// survives `kill -9` and a restart; the shipped sample data is untouched.
@Suite(.serialized) struct ServeProcessTests {
    private func copyOfFixture() throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-serve-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("db.json")
        try Data(ConformanceFixture.json.utf8).write(to: file)
        return (folder, file)
    }

    @Test func aDirectoryAsTheDataFileIsSaidInWords() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-serve-dir-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await ProcessRunner.runOnThread(
            BuiltProducts.trestle, ["serve", "--port", "0", "--data", folder.path],
            environment: ProcessRunner.baseEnvironment([:]))
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr
                == "trestle serve: \(folder.path): cannot read the data file: it is a directory, not a file\n")
    }

    @Test func aCreatedRecordSurvivesKillMinusNineRightAfterItsAnswer() async throws {
        let (folder, file) = try copyOfFixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServeProcess(arguments: ["--data", file.path])
        defer { server.end(with: SIGKILL) }
        let (status, created) = try await server.send("POST", "/todos", #"{"title":"survivor","userId":2}"#)
        server.end(with: SIGKILL)
        #expect(status == 201)
        let todos = try #require(try JSONDatabase(data: Data(contentsOf: file)).root["todos"]?.arrayValue)
        #expect(todos.last?["title"] == "survivor")
        #expect(todos.last?["id"] == created?["id"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "db.json" }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test func patchAndDeleteSurviveSIGTERMAndARestart() async throws {
        let (folder, file) = try copyOfFixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try ServeProcess(arguments: ["--data", file.path])
        defer { first.end(with: SIGKILL) }
        #expect(try await first.send("PATCH", "/users/1", #"{"name":"Ada King"}"#).0 == 200)
        #expect(try await first.send("DELETE", "/users/3").0 == 200)
        first.end(with: SIGTERM)
        #expect(first.process.terminationStatus == 0)

        let second = try ServeProcess(arguments: ["--data", file.path])
        defer { second.end(with: SIGTERM) }
        #expect(try await second.send("GET", "/users/1").1?["name"] == "Ada King")
        #expect(try await second.send("GET", "/users/3").0 == 404)
    }

    @Test func sigtermLetsARequestInFlightFinishThenExitsZero() async throws {
        let (folder, file) = try copyOfFixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServeProcess(arguments: ["--data", file.path, "--delay", "1500"])
        defer { server.end(with: SIGKILL) }
        let port = try #require(server.url.port)
        let connection = try RawConnection(port: port)
        #expect(connection.send("GET /todos/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        // The request is in flight once the server has read it off its socket
        // (parsing happens in the same event-loop turn as the read).
        #expect(
            await Self.waitUntilServerHasRead(serverPort: port, clientPort: connection.localPort, within: .seconds(120))
        )
        let signalled = ContinuousClock.now
        kill(server.process.processIdentifier, SIGTERM)
        let response = await connection.readResponse(within: .seconds(120))
        #expect(response?.status == 200)
        #expect(response.map { (try? JSONParser.parse($0.body))?["id"] == 1 } == true)
        #expect(await connection.waitForClose(within: .seconds(120)))
        // Exits by itself once the answer is out; killed only if it does not within 30 s.
        while server.process.isRunning, ContinuousClock.now - signalled < .seconds(120) {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(!server.process.isRunning, "still running 30 s after SIGTERM")
        server.end(with: SIGKILL)
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
    }

    /// Polls `/proc/net/tcp` until the server's end of the connection
    /// `clientPort` → `serverPort` has nothing left in its receive queue.
    static func waitUntilServerHasRead(serverPort: Int, clientPort: Int, within timeout: Duration) async -> Bool {
        let local = String(format: ":%04X", serverPort)
        let remote = String(format: ":%04X", clientPort)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            // Read to the end: `String(contentsOfFile:)` stops at procfs's first page.
            let data = (try? FileHandle(forReadingAtPath: "/proc/net/tcp")?.readToEnd()) ?? nil
            let table = String(decoding: data ?? Data(), as: UTF8.self)
            for line in table.split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count > 4, fields[1].hasSuffix(local), fields[2].hasSuffix(remote) else { continue }
                // fields[4] is tx_queue:rx_queue in hex.
                if fields[4].split(separator: ":").last.flatMap({ Int($0, radix: 16) }) == 0 { return true }
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return false
    }

    @Test(arguments: [[], ["--data", BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json").path]])
    func theShippedSampleDataIsNeverWritten(_ arguments: [String]) async throws {
        let sample = BuiltProducts.packageRoot.appendingPathComponent("sample-data/db.json")
        let before = try Data(contentsOf: sample)
        // Should this ever fail, the checkout's sample data is put back.
        defer { if (try? Data(contentsOf: sample)) != before { try? before.write(to: sample) } }
        let server = try ServeProcess(arguments: arguments)
        defer { server.end(with: SIGTERM) }
        #expect(try await server.send("POST", "/todos", #"{"title":"not for the sample","userId":1}"#).0 == 201)
        #expect(try await server.send("PATCH", "/todos/1", #"{"completed":true}"#).0 == 200)
        #expect(try Data(contentsOf: sample) == before)
    }
}

extension ServeProcess {
    func send(_ method: String, _ path: String, _ body: String? = nil) async throws -> (Int, JSONValue?) {
        try await JSONRequest.send(method, path, to: url, body: body)
    }
}
