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
    /// One `trestle serve` child process on a free port.
    final class ServeProcess {
        let process = Process()
        let url: URL

        init(arguments: [String]) throws {
            process.executableURL = BuiltProducts.trestle
            process.arguments = ["serve", "--port", "0"] + arguments
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            SpawnedProcesses.shared.add(process.processIdentifier, "trestle serve \(arguments.joined(separator: " "))")
            // The banner is the first line: `Serving http://127.0.0.1:PORT — …`.
            var line = Data()
            while !line.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line.append(chunk)
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let start = text.range(of: "http://"),
                let url = URL(string: String(text[start.lowerBound...].prefix { $0 != " " }))
            else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                SpawnedProcesses.shared.remove(process.processIdentifier)
                throw URLError(.cannotConnectToHost)
            }
            self.url = url
        }

        func send(_ method: String, _ path: String, _ body: String? = nil) async throws -> (Int, JSONValue?) {
            guard let target = URL(string: url.absoluteString + path) else { throw URLError(.badURL) }
            var request = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData)
            request.httpMethod = method
            if let body {
                request.httpBody = Data(body.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONParser.parse(data))
        }

        /// Sends `signal` and waits for the process to end (once; later calls do nothing).
        func end(with signal: Int32) {
            guard process.isRunning else { return }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            SpawnedProcesses.shared.remove(process.processIdentifier)
        }
    }

    private func copyOfFixture() throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trestle-serve-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("db.json")
        try Data(ConformanceFixture.json.utf8).write(to: file)
        return (folder, file)
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
