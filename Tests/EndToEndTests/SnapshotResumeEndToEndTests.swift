import Foundation
import JSON
import JSONServerCore
import TestSupport
import Testing

extension EndToEnd {
    /// `trestle snapshot` stopped by SIGINT (Ctrl-C) while the server holds
    /// a page: it exits 130, keeps what it read in OUT.progress and says how
    /// to go on; `--resume` asks only for what is left, writes the very file
    /// a whole run writes and removes the progress.
    @Suite
    struct SnapshotResumeEndToEndTests {
        static func database() -> JSONDatabase {
            let users: [JSONValue] = (1...5).map { .object(["id": .int($0), "name": .string("user \($0)")]) }
            let posts: [JSONValue] = (1...1_200).map { number in
                .object(["id": .int(number), "userId": .int(number % 5 + 1), "title": .string("post \(number)")])
            }
            return JSONDatabase(collections: [("users", .array(users)), ("posts", .array(posts))])
        }

        private func snapshot(_ arguments: [String], home: TemporaryHome) async throws -> ProcessOutcome {
            try await ProcessRunner.runOnThread(
                BuiltProducts.trestle, ["snapshot"] + arguments,
                environment: ProcessRunner.baseEnvironment(home.environment), timeout: 120)
        }

        /// The snapshot process writing `file`, once it runs.
        private func process(writing file: String) async throws -> Int32 {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                for pid in ProcessRunner.children(of: getpid()) {
                    // The command line, its arguments separated by NUL bytes.
                    let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
                    if String(decoding: line, as: UTF8.self).contains(file) { return pid }
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            throw SnapshotResumeTestError.noProcess
        }

        @Test func ctrlCKeepsTheProgressAndResumeWritesWhatAWholeRunWrites() async throws {
            let server = try FaultHTTPServer.start(database: Self.database())
            defer { server.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let out = home.root.appendingPathComponent("snap.json").path
            let whole = home.root.appendingPathComponent("whole.json").path
            let service = [
                "--env", "production", "--base-url", server.baseURLString, "--catalog", "none", "--concurrency", "1",
            ]
            // The second page of posts is never answered: the run waits there.
            server.inject(FaultRule(.slow(seconds: nil), method: "GET", path: "/posts", times: 1, every: 2))
            let stopped = Task { try await snapshot([out, "--all"] + service, home: home) }
            let pid = try await process(writing: out)
            let deadline = Date().addingTimeInterval(60)
            while server.served.isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(server.served == ["GET /posts: never answers"])
            kill(pid, SIGINT)
            let outcome = try await stopped.value
            #expect(outcome.status == 130, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("trestle snapshot \(out) --resume"), "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
            let progress = try SnapshotProgressFile(path: out + ".progress")
            let pages = Array(progress.pages.keys)
            #expect(pages.contains("posts?page=1&limit=500"), "\(pages)")
            #expect(pages.count < 4, "\(pages)")
            #expect(progress.header["limit"] == .null)

            server.clearFaults()
            let before = server.requests.count
            let resumed = try await snapshot([out, "--resume"] + service, home: home)
            #expect(resumed.status == 0, "\(resumed.stderr)")
            #expect(resumed.stderr.contains("Resuming from \(out).progress"), "\(resumed.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out + ".progress"))
            let asked = server.requests.dropFirst(before).filter { $0.path == "/posts" || $0.path == "/users" }
            for page in pages {
                let parts = page.split(separator: "?")
                let path = "/\(parts[0])"
                let number = parts[1].split(separator: "&")[0].dropFirst("page=".count)
                #expect(
                    !asked.contains { $0.path == path && $0.query?.contains("_page=\(number)&") == true },
                    "\(page) asked again")
            }

            let complete = try await snapshot([whole, "--all"] + service, home: home)
            #expect(complete.status == 0, "\(complete.stderr)")
            let resumedFile = try Data(contentsOf: URL(fileURLWithPath: out))
            let wholeFile = try Data(contentsOf: URL(fileURLWithPath: whole))
            #expect(resumedFile == wholeFile)
            #expect(resumedFile.count > 50_000)
        }
    }
}

enum SnapshotResumeTestError: Error {
    case noProcess
}
