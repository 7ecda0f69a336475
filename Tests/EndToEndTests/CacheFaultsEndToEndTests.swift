import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The SQLite cache broken in every way a disk can break it: Trestle
    /// keeps running against the server, says what happened once, in the
    /// status line, never mistakes a healthy file for a corrupt one, and
    /// every write still reaches the server.
    @Suite
    struct CacheFaultsEndToEndTests {
        /// Starts the app on a server over the sample data, in `home`, with
        /// `prefix` before the binary (a mount namespace), and checks what the
        /// status line says, that a toggle reaches the server, and that the
        /// app quits cleanly.
        static func runAgainstServer(
            home: TemporaryHome, prefix: String = "", expecting warning: String?
        ) async throws {
            let server = try await EngineTestServer.start(file: SampleData.file)
            do {
                let app = try RunningApp(
                    ["--env", "production", "--base-url", server.baseURLString, "--delay", "0"], reportingExit: true,
                    home: home, shellPrefix: prefix)
                defer { app.stop() }
                // What happened is said once, before any key (a key clears the status line).
                let list = try await app.session.eventually("the list") { screen in
                    screen.contains("todos 200") && screen.contains("Title")
                        && (warning.map { ResourceScreen.status(screen).contains($0) } ?? true)
                }
                let status = ResourceScreen.status(list)
                if let warning {
                    #expect(status.components(separatedBy: warning).count == 2, "said more than once: \(status)")
                } else {
                    #expect(!status.contains("Cache"), "status: \(status)")
                }
                try await app.eventuallyCursor(on: 1)
                try app.session.press("Space")
                let stored = try await Self.eventuallyCompleted(server, id: 1)
                #expect(stored, "the toggle did not reach the server")
                // Writes and reloads give the cache more to fail on: not said again.
                try app.session.press("r")
                let after = try await app.session.eventually("todo 1 done on screen") { screen in
                    TableRows.mark(ofID: 1, in: screen) == "✓"
                }
                #expect(!ResourceScreen.status(after).contains("Cache"), "said again: \(ResourceScreen.status(after))")
                try app.session.press("q")
                let exit = try await app.session.eventuallyShows(RunningApp.endMarker)
                #expect(exit.contains("exit=0"), "after q: \(exit)")
                try LifecycleEndToEndTests.expectRestored(exit, app)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        /// Waits until the server's todo `id` is completed.
        static func eventuallyCompleted(_ server: EngineTestServer, id: Int) async throws -> Bool {
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                let todos = await server.engine.database().collection("todos") ?? []
                if todos.first(where: { $0["id"] == .int(id) })?["completed"] == .bool(true) { return true }
                try await Task.sleep(for: .milliseconds(50))
            }
            return false
        }

        /// A cache made by a real run: the app's schema and the todos page.
        static func makeHealthyCache(in home: TemporaryHome) async throws -> URL {
            let outcome = try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["get", "todos", "--format", "json"],
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
            #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
            return CacheFile.url(in: home)
        }

        @Test func aTruncatedCacheIsMovedAsideAndTheRunGoesOn() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = try await Self.makeHealthyCache(in: home)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: UInt64(size / 3))
            try handle.close()
            try await Self.runAgainstServer(home: home, expecting: "was corrupt: moved aside, started empty")
            #expect(CacheFile.asideCopies(in: home).count == 1)
            #expect(try CacheFile.integrity(of: file) == "ok")
        }

        @Test func randomBytesAreMovedAsideAndTheRunGoesOn() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            var generator = SplitMix(seed: 42)
            let bytes = (0..<65_536).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            try CacheFile.write(Data(bytes), in: home)
            try await Self.runAgainstServer(home: home, expecting: "was corrupt: moved aside, started empty")
            #expect(CacheFile.asideCopies(in: home).count == 1)
            #expect(try CacheFile.integrity(of: CacheFile.url(in: home)) == "ok")
        }

        @Test func aDirectoryInThePlaceOfTheCacheIsLeftAlone() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = CacheFile.url(in: home)
            try FileManager.default.createDirectory(
                at: file.appendingPathComponent("keep"), withIntermediateDirectories: true)
            try await Self.runAgainstServer(home: home, expecting: "Cache off: a directory is in its place")
            #expect(FileManager.default.fileExists(atPath: file.appendingPathComponent("keep").path))
            #expect(CacheFile.asideCopies(in: home).isEmpty)
        }

        @Test(.enabled(if: MountNamespace.isAvailable, "needs `unshare -rm` (user and mount namespaces)"))
        func aReadOnlyFolderRunsWithoutTheCache() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let folder = CacheFile.url(in: home).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await Self.runAgainstServer(
                home: home, prefix: MountNamespace.readOnly(folder.path),
                expecting: "Cache off: its folder is not writable")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }

        @Test(.enabled(if: MountNamespace.isAvailable, "needs `unshare -rm` (user and mount namespaces)"))
        func aReadOnlyCacheIsReadButNotWritten() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = try await Self.makeHealthyCache(in: home)
            let before = try Data(contentsOf: file)
            try await Self.runAgainstServer(
                home: home, prefix: MountNamespace.readOnly(file.deletingLastPathComponent().path),
                expecting: "is read-only: read, not kept")
            #expect(try Data(contentsOf: file) == before, "the read-only cache changed")
            #expect(CacheFile.asideCopies(in: home).isEmpty)
        }

        /// A 48 KiB tmpfs: the schema fits, the todos page (about 22 KB, twice
        /// with its revalidation) soon does not.
        @Test(.enabled(if: MountNamespace.isAvailable, "needs `unshare -rm` (user and mount namespaces)"))
        func aFullDiskIsSaidOnceAndTheRunGoesOn() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let folder = CacheFile.url(in: home).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await Self.runAgainstServer(
                home: home, prefix: MountNamespace.tmpfs(folder.path, size: "48k"),
                expecting: "database or disk is full")
        }

        /// Two Trestles on one cache at once, each writing to the server:
        /// neither complains, both writes land, the file stays sound.
        @Test func twoProcessesShareTheCache() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let server = try await EngineTestServer.start(file: SampleData.file)
            do {
                let arguments = ["--env", "production", "--base-url", server.baseURLString, "--delay", "0"]
                let first = try RunningApp(arguments, home: home)
                defer { first.stop() }
                let second = try RunningApp(arguments, home: home)
                defer { second.stop() }
                for app in [first, second] {
                    try await app.session.eventually("the list") { $0.contains("todos 200") && $0.contains("Title") }
                }
                // The first toggles todo 1, the second todo 2; both reload often.
                try first.session.press("Space")
                try second.session.press("j")
                try await second.eventuallyCursor(on: 2)
                try second.session.press("Space")
                for _ in 0..<10 {
                    try first.session.press("r")
                    try second.session.press("r")
                }
                #expect(try await Self.eventuallyCompleted(server, id: 1))
                #expect(try await Self.eventuallyCompleted(server, id: 2))
                // The reloads above may all have been asked before the other
                // process's write landed: one more, now both are on the server.
                for app in [first, second] {
                    try app.session.press("r")
                }
                for app in [first, second] {
                    let screen = try await app.session.eventually("both toggles shown") { screen in
                        TableRows.mark(ofID: 1, in: screen) == "✓" && TableRows.mark(ofID: 2, in: screen) == "✓"
                    }
                    #expect(!ResourceScreen.status(screen).contains("Cache"), "\(ResourceScreen.status(screen))")
                }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            #expect(CacheFile.asideCopies(in: home).isEmpty)
            #expect(try CacheFile.integrity(of: CacheFile.url(in: home)) == "ok")
            #expect(!home.log.contains("storage:"), "storage failures logged: \(home.log)")
        }

        /// Three `trestle get` started together on an empty cache, five times:
        /// the one creating the schema is waited for, never moved aside as corrupt.
        @Test func processesStartingTogetherNeverMoveTheCacheAside() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            for round in 1...5 {
                try? FileManager.default.removeItem(at: CacheFile.url(in: home).deletingLastPathComponent())
                let outcomes = try await ParallelRuns.run(3) {
                    try ProcessRunner.run(
                        BuiltProducts.trestle, ["get", "todos", "--format", "csv"],
                        environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
                }
                for outcome in outcomes {
                    #expect(outcome.status == 0, "round \(round): \(outcome.stderr)")
                }
                #expect(CacheFile.asideCopies(in: home).isEmpty, "round \(round) moved the cache aside")
            }
        }
    }
}

/// The cache file of a private home, and what is beside it.
enum CacheFile {
    static func url(in home: TemporaryHome) -> URL {
        home.root.appendingPathComponent("cache/trestle/cache.sqlite")
    }

    static func write(_ data: Data, in home: TemporaryHome) throws {
        let file = url(in: home)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// The `cache.sqlite.corrupt-…` files a repair left.
    static func asideCopies(in home: TemporaryHome) -> [String] {
        let folder = url(in: home).deletingLastPathComponent().path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains("corrupt") }
    }

    /// SQLite's own verdict on the file (`ok`), from the `sqlite3` shell.
    static func integrity(of file: URL) throws -> String {
        let result = try Spawn.run(["sqlite3", "-readonly", file.path, "PRAGMA integrity_check;"])
        return String(decoding: result.stdout + result.stderr, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs a program in a private user and mount namespace (`unshare -rm`),
/// where a folder can be made read-only or a small tmpfs without root.
enum MountNamespace {
    static let isAvailable: Bool = {
        (try? Spawn.run(["unshare", "-rm", "true"]))?.status == 0
    }()

    /// A shell prefix: `folder` read-only (a read-only bind mount), then the program.
    static func readOnly(_ folder: String) -> String {
        let f = TmuxSession.quote(folder)
        return wrap("mount --bind \(f) \(f) && mount -o remount,bind,ro \(f) \(f)")
    }

    /// A shell prefix: a tmpfs of `size` on `folder`, then the program.
    static func tmpfs(_ folder: String, size: String) -> String {
        wrap("mount -t tmpfs -o size=\(size) tmpfs \(TmuxSession.quote(folder))")
    }

    private static func wrap(_ setup: String) -> String {
        "unshare -rm sh -c " + TmuxSession.quote("\(setup) && exec \"$0\" \"$@\"")
    }
}

/// Runs `count` copies of a blocking body on threads of their own at once,
/// awaited without holding a thread of the cooperative pool.
enum ParallelRuns {
    static func run<T: Sendable>(_ count: Int, _ body: @escaping @Sendable () throws -> T) async throws -> [T] {
        try await withThrowingTaskGroup(of: (Int, T).self) { group in
            for index in 0..<count {
                group.addTask { (index, try await OwnThread.run(body)) }
            }
            var results: [(Int, T)] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
