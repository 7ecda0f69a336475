import Foundation
import JSON
import JSONServerCore
import Logging
import Networking
import Services
import Synchronization
import TestSupport
import Testing

@testable import App

/// A snapshot's manners over real HTTP on 127.0.0.1: `Retry-After` (seconds
/// or an HTTP date, at most 60 s) waited out and asked again, other failures
/// named with their URL, the bound on requests in flight as the server
/// counts them, and a ledger that answers what a stopped run had read.
@Suite("Snapshot politeness and resume over real HTTP")
struct SnapshotPolitenessTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    /// The service, its answers told to `journal` as a snapshot run tells them (no retries of its own).
    static func service(_ base: URL, journal: RequestJournal) -> LiveAPIService {
        let network = NetworkClient(
            client: AsyncHTTPClientTransport(), middleware: [JournalMiddleware(journal: journal)], retry: .never)
        let store = ResourceStore(
            network: network, storage: InMemoryStorageService(), namespace: "test|\(base.absoluteString)",
            logger: logger)
        PoliteSource.watch(journal, also: nil)
        return LiveAPIService(baseURL: base, network: network, store: store)
    }

    static let posts = ResourceCatalog([
        ResourceDescriptor(
            name: "posts", labelField: "title", columns: [.init("id"), .init("title")], pageSize: 100)
    ])

    /// What a polite source waited and said.
    final class Waits: Sendable {
        private let state = Mutex((slept: [Double](), said: [String]()))
        var slept: [Double] { state.withLock { $0.slept } }
        var said: [String] { state.withLock { $0.said } }

        func source(_ inner: any SnapshotSource) -> PoliteSource {
            PoliteSource(
                inner: inner, sleep: { seconds in self.state.withLock { $0.slept.append(seconds) } },
                say: { line in self.state.withLock { $0.said.append(line) } })
        }
    }

    private func walk(_ source: any SnapshotSource, _ catalog: ResourceCatalog = posts, concurrency: Int = 4)
        async -> SnapshotWalker.Outcome
    {
        await SnapshotWalker(
            source: source, catalog: catalog, options: SnapshotWalker.Options(limit: nil, concurrency: concurrency)
        ).walk()
    }

    private func ids(_ outcome: SnapshotWalker.Outcome, _ name: String = "posts") -> [Int] {
        outcome.records(name).compactMap { $0.objectValue?["id"]?.intValue }
    }

    static func database(posts count: Int) -> JSONDatabase {
        let posts: [JSONValue] = (1...count).map { .object(["id": .int($0), "title": .string("post \($0)")]) }
        return JSONDatabase(collections: [("posts", .array(posts))])
    }

    @Test func a503WithRetryAfterSecondsIsWaitedOutAndAskedAgain() async throws {
        let server = try FaultHTTPServer.start(database: Self.database(posts: 250))
        defer { server.stop() }
        server.inject(FaultRule(.retryAfter(seconds: 7), method: "GET", path: "/posts", times: 1))
        let journal = RequestJournal()
        let waits = Waits()
        let base = try #require(URL(string: server.baseURLString))
        let outcome = await walk(waits.source(APISnapshotSource(api: Self.service(base, journal: journal))))
        #expect(ids(outcome) == Array(1...250))
        #expect(waits.slept == [7])
        #expect(waits.said.count == 1)
        #expect(waits.said.first?.contains("posts: \(server.baseURLString)/posts?") == true, "\(waits.said)")
        #expect(waits.said.first?.contains("503 with Retry-After 7 s") == true, "\(waits.said)")
        // Three pages, and the first asked twice.
        #expect(server.count("GET", path: "/posts") == 4)
    }

    @Test func a429WithAnHTTPDateWaitsAtMostAMinute() async throws {
        let asked = Mutex(0)
        let later = Date().addingTimeInterval(3_600)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: later)
        let server = try await TestHTTPServer.start { request in
            guard request.path == "/posts" else { return TestHTTPResponse(status: 404) }
            let first = asked.withLock { count in
                count += 1
                return count == 1
            }
            return first
                ? .json("{}", status: 429, headers: [("Retry-After", date)])
                : .json(#"[{"id": 1, "title": "one"}, {"id": 2, "title": "two"}]"#)
        }
        defer { Task { await server.stop() } }
        let waits = Waits()
        let outcome = await walk(
            waits.source(APISnapshotSource(api: Self.service(server.baseURL, journal: RequestJournal()))))
        #expect(ids(outcome) == [1, 2])
        #expect(waits.slept == [60])
        #expect(waits.said.first?.contains("429 with Retry-After") == true, "\(waits.said)")
        #expect(waits.said.first?.contains("asking again in 60 s") == true, "\(waits.said)")
    }

    @Test func anotherFailureNamesItsURLAndTheRestIsKept() async throws {
        let server = try FaultHTTPServer.start(
            database: JSONDatabase(collections: [
                ("posts", .array([.object(["id": .int(1)])])), ("users", .array([.object(["id": .int(1)])])),
            ]))
        defer { server.stop() }
        server.inject(FaultRule(.status(500), method: "GET", path: "/users"))
        let catalog = ResourceCatalog([
            ResourceDescriptor(name: "posts", labelField: "id", columns: [.init("id")], pageSize: 100),
            ResourceDescriptor(name: "users", labelField: "id", columns: [.init("id")], pageSize: 100),
        ])
        let base = try #require(URL(string: server.baseURLString))
        let waits = Waits()
        let outcome = await walk(
            waits.source(APISnapshotSource(api: Self.service(base, journal: RequestJournal()))), catalog)
        #expect(ids(outcome) == [1])
        let failure = try #require(outcome.resources.first { $0.name == "users" }?.failure)
        #expect(failure.message.hasPrefix("\(server.baseURLString)/users?_page=1&_limit=100: "), "\(failure.message)")
        #expect(waits.slept.isEmpty)
    }

    @Test func theServerNeverHasMoreRequestsAtOnceThanTheBound() async throws {
        let counts = Mutex((now: 0, peak: 0))
        let bound = 3
        let server = try await TestHTTPServer.start { request in
            guard request.path == "/posts" else { return TestHTTPResponse(status: 404) }
            counts.withLock {
                $0.now += 1
                $0.peak = max($0.peak, $0.now)
            }
            let query = request.query ?? ""
            let page = Int(query.split(separator: "&").first { $0.hasPrefix("_page=") }?.dropFirst(6) ?? "1") ?? 1
            // The later pages are held until the bound was reached once (or a
            // long while on a busy machine), so the requests a walk sends
            // together are all in flight at once; one more shows as the peak.
            let deadline = ContinuousClock.now + .seconds(60)
            while page > 1, counts.withLock({ $0.peak }) < bound, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(5))
            }
            let items = ((page - 1) * 100 + 1...page * 100).map { #"{"id": \#($0)}"# }.joined(separator: ",")
            counts.withLock { $0.now -= 1 }
            return .json("[\(items)]", headers: [("X-Total-Count", "1000")])
        }
        defer { Task { await server.stop() } }
        let waits = Waits()
        let ledger = SnapshotLedger()
        let source = LedgerSource(
            inner: waits.source(APISnapshotSource(api: Self.service(server.baseURL, journal: RequestJournal()))),
            ledger: ledger, watch: nil)
        let outcome = await walk(source, concurrency: bound)
        #expect(ids(outcome) == Array(1...1_000))
        #expect(counts.withLock { $0.peak } == bound)
    }

    @Test func aLedgerAnswersWhatWasReadAndOnlyTheRestIsAsked() async throws {
        let server = try FaultHTTPServer.start(database: Self.database(posts: 350))
        defer { server.stop() }
        let base = try #require(URL(string: server.baseURLString))
        let api = Self.service(base, journal: RequestJournal())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("snap.json.progress").path
        let whole = SnapshotResume(
            baseURL: server.baseURLString, limit: nil, maxRecords: 1_000, anonymise: false, keep: [],
            ledger: SnapshotLedger())
        try whole.begin(at: path)
        let first = await walk(LedgerSource(inner: APISnapshotSource(api: api), ledger: whole.ledger, watch: nil))
        whole.ledger.closeJournal()
        #expect(server.count("GET", path: "/posts") == 4)
        // The progress a stopped run keeps, as read back, without page 3.
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let pages = lines.compactMap { (try? JSONParser.parse(String($0)))?["page"]?.stringValue }
        #expect(
            pages.sorted() == [
                "posts?page=1&limit=100", "posts?page=2&limit=100", "posts?page=3&limit=100",
                "posts?page=4&limit=100",
            ])
        let kept = lines.filter { !$0.contains("posts?page=3&limit=100") }.joined(separator: "\n") + "\n"
        try kept.write(toFile: path, atomically: true, encoding: .utf8)
        let stopped = try SnapshotResume.read(path).get()
        #expect(stopped.maxRecords == 1_000)
        // As the resumed run does: the answers kept copied into the progress begun again.
        try stopped.begin(at: path)
        #expect(stopped.ledger.counts.pages == 3)
        let resumed = await walk(LedgerSource(inner: APISnapshotSource(api: api), ledger: stopped.ledger, watch: nil))
        #expect(server.requests.dropFirst(4).map { $0.query ?? "" } == ["_page=3&_limit=100"])
        #expect(ids(resumed) == ids(first))
        #expect(ids(resumed) == Array(1...350))
    }
}
