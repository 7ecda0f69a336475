import Foundation
import Logging
import Modules
import Networking
import Services
import Testing

/// `:history`: the journal's requests kept in the SQLite cache per
/// environment and base URL, the newest 1,000, bodies over 1 MiB left out.
@Suite("Request history in the cache")
struct RequestHistoryTests {
    let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("trestle-history-\(UUID().uuidString)/cache.sqlite")

    private func open() throws -> SQLiteStorageService {
        try SQLiteStorageService(url: file, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    private func remove() {
        try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
    }

    static func entry(_ path: String, body: Data = Data("[]".utf8), method: String = "GET") -> RequestJournal.Entry {
        RequestJournal.Entry(
            startedAt: Date(timeIntervalSince1970: 1_700_000_000), method: method,
            url: URL(string: "http://127.0.0.1:3000\(path)")!, queryItems: [URLQueryItem(name: "userId", value: "2")],
            status: 200, answer: .network, duration: .milliseconds(12), responseBytes: body.count,
            requestHeaders: [HTTPHeaders.Field(name: "Authorization", value: "***")],
            responseHeaders: [HTTPHeaders.Field(name: "ETag", value: "W/\"1\"")], body: body)
    }

    @Test func theJournalsRequestsAreReadBackByTheNextRunNewestFirst() async throws {
        defer { remove() }
        let journal = RequestJournal()
        let recorder = RequestHistoryRecorder(
            storage: try open(), namespace: "development|http://127.0.0.1:3000/api",
            baseURL: URL(string: "http://127.0.0.1:3000/api")!, describe: \.userMessage)
        recorder.attach(to: journal)
        journal.append(Self.entry("/api/todos"))
        let big = Data(repeating: 0x20, count: StoredRequest.largestKeptBody + 1)
        journal.append(Self.entry("/api/photos", body: big))
        journal.append(Self.entry("/api/todos/3", method: "PATCH"))
        await recorder.flush()

        // Another run: a new connection to the same file.
        let kept = try await open().recentRequests(namespace: recorder.namespace, limit: 10)
        #expect(kept.map(\.target) == ["/todos/3?userId=2", "/photos?userId=2", "/todos?userId=2"])
        #expect(kept.map(\.method) == ["PATCH", "GET", "GET"])
        #expect(kept[1].body.isEmpty && kept[1].bytes == big.count)
        #expect(kept[2].body == Data("[]".utf8))
        #expect(kept[2].requestHeaders == [["Authorization", "***"]])
        #expect(kept[2].responseHeaders == [["ETag", "W/\"1\""]])
        #expect(kept[2].status == 200 && kept[2].milliseconds == 12 && kept[2].answer == "network")
        #expect(try await open().recentRequests(namespace: "production|https://other", limit: 10).isEmpty)
    }

    @Test func onlyTheNewestThousandOfANamespaceAreKept() async throws {
        defer { remove() }
        let storage = try open()
        func request(_ namespace: String, _ number: Int) -> StoredRequest {
            StoredRequest(
                namespace: namespace, startedAt: Date(), method: "GET", target: "/todos/\(number)", status: 200,
                failure: nil, answer: "network", milliseconds: 1, bytes: 2, requestHeaders: [], responseHeaders: [],
                body: Data("{}".utf8))
        }
        await storage.appendRequests([request("b", 0)], keeping: StoredRequest.kept)
        await storage.appendRequests((1...600).map { request("a", $0) }, keeping: StoredRequest.kept)
        await storage.appendRequests((601...1_005).map { request("a", $0) }, keeping: StoredRequest.kept)
        let kept = await storage.recentRequests(namespace: "a", limit: 5_000)
        #expect(kept.count == 1_000)
        #expect(kept.first?.target == "/todos/1005")
        #expect(kept.last?.target == "/todos/6")
        #expect(await storage.recentRequests(namespace: "b", limit: 10).count == 1)
    }
}
