import Foundation
import JSON
import TestSupport
import Testing

extension EndToEnd {
    /// `trestle snapshot`'s memory stays flat whatever it keeps (issue 38,
    /// point 5): the records go to `OUT.progress` as they come and OUT is
    /// written from there, one record at a time, so keeping ten times the
    /// records does not take ten times the memory. Judged by peak RSS
    /// (`VmHWM`), not by time.
    @Suite
    struct SnapshotFlatMemoryEndToEndTests {
        /// What a run keeping 200,000 records may take beyond one keeping 20,000.
        static let marginKiB = 30 * 1024
        /// A run over this is killed (it is not flat, whatever the comparison says).
        static let mostKiB = 1024 * 1024

        @Test func tenTimesTheRecordsTakeNoMoreMemory() async throws {
            // A stated 10¹² records, each page fresh ones.
            let server = try await LyingServer.start { number, limit in
                LyingServer.Page(
                    ids: Array((number - 1) * limit + 1...number * limit), total: SnapshotBoundsEndToEndTests.trillion)
            }
            let small: WatchedSnapshot
            let large: WatchedSnapshot
            let largeIDs: [Int]
            do {
                small = try await snapshot(keeping: 20_000, server)
                (large, largeIDs) = try await snapshot(keeping: 200_000, server, ids: true)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            for run in [small, large] {
                #expect(!run.killed, "peak RSS \(run.peakKiB) KiB")
                #expect(run.outcome.status == 0, "\(run.outcome.stderr)")
            }
            #expect(largeIDs == Array(1...200_000))
            print("peak RSS: 20,000 records \(small.peakKiB) KiB, 200,000 records \(large.peakKiB) KiB")
            #expect(
                large.peakKiB <= small.peakKiB + Self.marginKiB,
                "200,000 records took \(large.peakKiB) KiB, 20,000 took \(small.peakKiB) KiB")
        }

        /// `trestle snapshot --all --max-records count` against `server`, its peak RSS watched.
        private func snapshot(keeping count: Int, _ server: LyingServer) async throws -> WatchedSnapshot {
            try await snapshot(keeping: count, server, ids: false).0
        }

        private func snapshot(keeping count: Int, _ server: LyingServer, ids: Bool) async throws -> (
            WatchedSnapshot, [Int]
        ) {
            let home = try TemporaryHome()
            defer { home.remove() }
            let out = home.root.appendingPathComponent("snap-\(count).json").path
            let run = try await WatchedSnapshot.run(
                [out, "--all", "--max-records", String(count)] + server.service, home: home, out: out,
                mostKiB: Self.mostKiB, timeout: 600)
            guard ids, run.outcome.status == 0 else { return (run, []) }
            return (run, try SnapshotBoundsEndToEndTests.ids(out))
        }
    }
}
