import Foundation
import JSON
import JSONServerCore
import Synchronization
import TestSupport
import Testing

extension EndToEnd {
    /// `trestle snapshot` against servers that lie (issue 38, points 5 and
    /// 8): a stated count of 10¹² is walked a few pages at a time and stops
    /// at `--max-records` in flat memory; a page served again and again ends
    /// the walk after one repeat; an endless collection stops at the cap;
    /// SIGTERM keeps what was read, as Ctrl-C does, and `--resume` goes on.
    @Suite
    struct SnapshotBoundsEndToEndTests {
        /// What a lying server states.
        static let trillion = 1_000_000_000_000
        /// `SnapshotWalker.pagesInFlight`: pages of one collection asked at once at most.
        static let pagesInFlight = 4
        /// A snapshot over this peak RSS is killed (the unbounded walk took 12 GB in 20 s).
        static let mostKiB = 512 * 1024

        @Test func aStatedTrillionIsReadFourPagesAtATimeAndStopsAtMaxRecords() async throws {
            let server = try await LyingServer.start { number, _ in
                LyingServer.Page(ids: Array((number - 1) * 5 + 1...number * 5), total: Self.trillion)
            }
            let home = try TemporaryHome()
            defer { home.remove() }
            let out = home.root.appendingPathComponent("snap.json").path
            let run = try await WatchedSnapshot.run(
                [out, "--all", "--max-records", "50", "--concurrency", "16"] + server.service, home: home, out: out,
                mostKiB: Self.mostKiB, timeout: 60)
            await server.stop()
            #expect(!run.killed, "peak RSS \(run.peakKiB) KiB; \(server.pageRequests) pages asked")
            #expect(run.outcome.status == 0, "\(run.outcome.stderr)")
            #expect(
                run.outcome.stderr.contains("items: stopped at --max-records 50; the service may have more"),
                "\(run.outcome.stderr)")
            #expect(server.mostAtOnce >= 2, "pages are still asked ahead")
            #expect(server.mostAtOnce <= Self.pagesInFlight, "\(server.mostAtOnce) pages in flight at once")
            #expect(server.pageRequests <= 10 + Self.pagesInFlight, "\(server.pageRequests) pages asked")
            #expect(try Self.ids(out) == Array(1...50))
        }

        @Test func aPageServedForEveryPageEndsTheWalkAfterOneRepeat() async throws {
            // 1,000 records stated, pages of 2: the same two, whichever page is asked.
            let server = try await LyingServer.start { _, _ in LyingServer.Page(ids: [1, 2], total: 1_000) }
            let home = try TemporaryHome()
            defer { home.remove() }
            let out = home.root.appendingPathComponent("snap.json").path
            let run = try await WatchedSnapshot.run(
                [out, "--all", "--concurrency", "16"] + server.service, home: home, out: out, mostKiB: Self.mostKiB,
                timeout: 60)
            await server.stop()
            #expect(run.outcome.status == 0, "\(run.outcome.stderr)")
            #expect(
                run.outcome.stderr.contains("items: page 2 repeats a page already read; its walk ends here"),
                "\(run.outcome.stderr)")
            #expect(server.pageRequests <= 1 + Self.pagesInFlight, "\(server.pageRequests) pages asked")
            #expect(try Self.ids(out) == [1, 2])
        }

        @Test func anEndlessCollectionStopsAtMaxRecordsWithAll() async throws {
            // No total, pages of 7 new records for ever.
            let server = try await LyingServer.start { number, _ in
                LyingServer.Page(ids: Array((number - 1) * 7 + 1...number * 7), total: nil)
            }
            let home = try TemporaryHome()
            defer { home.remove() }
            let out = home.root.appendingPathComponent("snap.json").path
            let run = try await WatchedSnapshot.run(
                [out, "--all", "--max-records", "50"] + server.service, home: home, out: out, mostKiB: Self.mostKiB,
                timeout: 30)
            await server.stop()
            #expect(!run.killed, "peak RSS \(run.peakKiB) KiB")
            #expect(run.outcome.status == 0, "status \(run.outcome.status), \(server.pageRequests) pages asked")
            #expect(
                run.outcome.stderr.contains("items: stopped at --max-records 50; the service may have more"),
                "\(run.outcome.stderr)")
            #expect(server.pageRequests == 8, "\(server.pageRequests) pages asked")
            #expect(try Self.ids(out) == Array(1...50))
        }

        @Test func sigtermKeepsWhatWasReadAndResumeGoesOn() async throws {
            let server = try FaultHTTPServer.start(database: SnapshotResumeEndToEndTests.database())
            defer { server.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let out = home.root.appendingPathComponent("snap.json").path
            let service = [
                "--env", "production", "--base-url", server.baseURLString, "--catalog", "none", "--concurrency", "1",
            ]
            // The second page of posts is never answered: the run waits there.
            server.inject(FaultRule(.slow(seconds: nil), method: "GET", path: "/posts", times: 1, every: 2))
            let stopped = Task {
                try await ProcessRunner.runOnThread(
                    BuiltProducts.trestle, ["snapshot", out, "--all"] + service,
                    environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
            }
            let pid = try await WatchedSnapshot.process(writing: out)
            let deadline = Date().addingTimeInterval(60)
            while server.served.isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(server.served == ["GET /posts: never answers"])
            kill(pid, SIGTERM)
            let outcome = try await stopped.value
            #expect(
                outcome.status == 143, "status \(outcome.status), signalled \(outcome.signalled): \(outcome.stderr)")
            #expect(!outcome.signalled, "ended by SIGTERM itself, not by the snapshot's stop")
            #expect(outcome.stderr.contains("trestle snapshot \(out) --resume"), "\(outcome.stderr)")
            let progress = try SnapshotProgressFile(path: out + ".progress")
            #expect(progress.header["limit"] == .null)
            let first = progress.pages["posts?page=1&limit=500"]?.compactMap { $0["id"]?.intValue }
            #expect(first == Array(1...500))

            server.clearFaults()
            let resumed = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["snapshot", out, "--resume"] + service,
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
            #expect(resumed.status == 0, "\(resumed.stderr)")
            #expect(resumed.stderr.contains("Resuming from \(out).progress"), "\(resumed.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out + ".progress"))
            let file = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: out)))
            #expect(file["posts"]?.arrayValue?.count == 1_200)
        }

        /// The ids of OUT's `items`.
        static func ids(_ out: String) throws -> [Int] {
            let file = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: out)))
            return file["items"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
        }
    }
}

/// `OUT.progress` read back: its first line (the settings) and the pages it holds (key → records).
struct SnapshotProgressFile {
    var header: JSONValue
    var pages: [String: [JSONValue]] = [:]

    init(path: String) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        header = try JSONParser.parse(String(lines.first ?? ""))
        for line in lines.dropFirst() {
            guard let object = (try? JSONParser.parse(String(line)))?.objectValue, let key = object["page"]?.stringValue
            else { continue }
            pages[key] = object["items"]?.arrayValue ?? []
        }
    }
}

/// A json-server (`/db` names `items`) whose `/items` pages come from a
/// function of the page number and limit asked: it can state any total and
/// serve any records. It counts the pages asked and the most in flight at once.
final class LyingServer: Sendable {
    /// One page: records `{"id": n, "title": "record n"}` and the `X-Total-Count` stated, if any.
    struct Page: Sendable {
        var ids: [Int]
        var total: Int?
    }

    private struct Counts {
        var now = 0
        var most = 0
        var pages = 0
    }

    let http: TestHTTPServer
    private let counts = Mutex(Counts())

    private init(http: TestHTTPServer) { self.http = http }

    /// Starts serving; `page(number, limit)` answers `/items?_page=number&_limit=limit`.
    static func start(_ page: @escaping @Sendable (Int, Int) -> Page) async throws -> LyingServer {
        let box = Box()
        let http = try await TestHTTPServer.start { request in
            switch request.path {
            case "/", "/db": return .json(#"{"items": []}"#)
            case "/items": return await box.server?.answer(request, page) ?? TestHTTPResponse(status: 503)
            default: return TestHTTPResponse(status: 404)
            }
        }
        let server = LyingServer(http: http)
        box.set(server)
        return server
    }

    /// The options that point a snapshot at it.
    var service: [String] {
        ["--env", "production", "--base-url", "http://127.0.0.1:\(http.port)", "--catalog", "none"]
    }

    /// Pages asked.
    var pageRequests: Int { counts.withLock { $0.pages } }

    /// The most pages in flight at once.
    var mostAtOnce: Int { counts.withLock { $0.most } }

    func stop() async { await http.stop() }

    private func answer(_ request: TestHTTPRequest, _ page: @Sendable (Int, Int) -> Page) async -> TestHTTPResponse {
        counts.withLock { counts in
            counts.now += 1
            counts.pages += 1
            counts.most = max(counts.most, counts.now)
        }
        // Each answer takes a moment, so that the pages asked together overlap here.
        try? await Task.sleep(for: .milliseconds(20))
        counts.withLock { $0.now -= 1 }
        let query = Dictionary(
            (request.query ?? "").split(separator: "&").map { pair -> (String, String) in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
            }, uniquingKeysWith: { first, _ in first })
        let answer = page(Int(query["_page"] ?? "1") ?? 1, Int(query["_limit"] ?? "10") ?? 10)
        let records = answer.ids.map { #"{"id": \#($0), "title": "record \#($0)"}"# }.joined(separator: ",")
        return .json("[\(records)]", headers: answer.total.map { [("X-Total-Count", String($0))] } ?? [])
    }

    /// The server, once started (the handler is made before it).
    private final class Box: Sendable {
        private let value = Mutex<LyingServer?>(nil)
        var server: LyingServer? { value.withLock { $0 } }
        func set(_ server: LyingServer) { value.withLock { $0 = server } }
    }
}

/// `trestle snapshot` run to its end while its peak RSS (`VmHWM`) is
/// sampled; a run over `mostKiB` is killed.
struct WatchedSnapshot {
    var outcome: ProcessOutcome
    var peakKiB: Int
    var killed: Bool

    static func run(
        _ arguments: [String], home: TemporaryHome, out: String, mostKiB: Int, timeout: TimeInterval
    ) async throws -> WatchedSnapshot {
        let done = Flag()
        let task = Task {
            defer { done.set() }
            return try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["snapshot"] + arguments,
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: timeout)
        }
        var pid: Int32?
        var peak = 0
        var killed = false
        while !done.isSet {
            if pid == nil { pid = snapshotProcess(writing: out) }
            if let pid, let kib = peakKiB(of: pid) {
                peak = max(peak, kib)
                if kib > mostKiB, !killed {
                    kill(pid, SIGKILL)
                    killed = true
                }
            }
            // A sampling interval, not a wait for an event: the run's end is `done`.
            try await Task.sleep(for: .milliseconds(20))
        }
        return WatchedSnapshot(outcome: try await task.value, peakKiB: peak, killed: killed)
    }

    /// The snapshot process writing `file`, once it runs.
    static func process(writing file: String) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let pid = snapshotProcess(writing: file) { return pid }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw SnapshotResumeTestError.noProcess
    }

    private static func snapshotProcess(writing file: String) -> Int32? {
        ProcessRunner.children(of: getpid()).first { pid in
            // The command line, its arguments separated by NUL bytes.
            let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: line, as: UTF8.self).contains(file)
        }
    }

    /// Set once.
    private final class Flag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool { value.withLock { $0 } }
        func set() { value.withLock { $0 = true } }
    }

    /// `VmHWM` of `pid` in KiB, or nil once it is gone.
    private static func peakKiB(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
    }
}
