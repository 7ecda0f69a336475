import Foundation
import JSON
import Services
import Synchronization
import Testing

@testable import App

/// The walker against a source that lies, in memory: a stated 10¹² read a
/// few pages at a time up to the cap, a page served again, an id served
/// again, and a limit that is no cap.
@Suite("Snapshot walker bounds")
struct SnapshotBoundsTests {
    /// Pages from a function of the page number; counts the pages asked and the most at once.
    final class LyingSource: SnapshotSource {
        private let page: @Sendable (Int) -> (ids: [Int], total: Int?)
        private let counts = Mutex((now: 0, peak: 0, asked: 0))

        init(_ page: @escaping @Sendable (Int) -> (ids: [Int], total: Int?)) { self.page = page }

        var peak: Int { counts.withLock { $0.peak } }
        var asked: Int { counts.withLock { $0.asked } }

        func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError)
            -> Listing<JSONValue>
        {
            counts.withLock {
                $0.now += 1
                $0.asked += 1
                $0.peak = max($0.peak, $0.now)
            }
            try? await Task.sleep(for: .milliseconds(2))
            counts.withLock { $0.now -= 1 }
            let answer = page(query.page ?? 1)
            return Listing(
                items: answer.ids.map { .object(["id": .int($0)]) }, totalCount: answer.total, fetchedAt: Date(),
                origin: .network)
        }

        func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
            throw ServiceError(.notFound, "no \(id)")
        }
    }

    static let catalog = ResourceCatalog([ResourceDescriptor(name: "items", columns: [.init("id")], pageSize: 5)])

    private func walk(_ source: LyingSource, limit: Int?, maxRecords: Int) async -> SnapshotWalker.Outcome {
        await SnapshotWalker(
            source: source, catalog: Self.catalog,
            options: SnapshotWalker.Options(limit: limit, concurrency: 16, maxRecords: maxRecords)
        ).walk()
    }

    private func ids(_ outcome: SnapshotWalker.Outcome) -> [Int] {
        outcome.records("items").compactMap { $0["id"]?.intValue }
    }

    @Test func aStatedTrillionIsReadFourPagesAheadUpToTheCap() async {
        let source = LyingSource { number in (Array((number - 1) * 5 + 1...number * 5), 1_000_000_000_000) }
        let items = await walk(source, limit: nil, maxRecords: 50)
        #expect(ids(items) == Array(1...50))
        #expect(items.resources.first?.ended == .cap(50))
        #expect(source.asked == 10)
        #expect(source.peak <= SnapshotWalker.pagesInFlight)
    }

    @Test func aPageServedAgainEndsTheWalk() async {
        let source = LyingSource { _ in ([1, 2], 1_000) }
        let items = await walk(source, limit: nil, maxRecords: 1_000_000)
        #expect(ids(items) == [1, 2])
        #expect(items.resources.first?.ended == .repeatedPage(page: 2))
        #expect(source.asked <= 1 + SnapshotWalker.pagesInFlight)
    }

    @Test func anIdServedAgainEndsTheWalkAfterTheNewOnesBeforeIt() async {
        let source = LyingSource { number in (number == 1 ? [1, 2] : [3, 1, 4], nil) }
        let items = await walk(source, limit: nil, maxRecords: 1_000_000)
        #expect(ids(items) == [1, 2, 3])
        #expect(items.resources.first?.ended == .repeatedID("1", page: 2))
    }

    @Test func aLimitIsNoCapAndSaysNothing() async {
        let source = LyingSource { number in (Array((number - 1) * 5 + 1...number * 5), nil) }
        let items = await walk(source, limit: 20, maxRecords: 1_000_000)
        #expect(ids(items) == Array(1...20))
        #expect(items.resources.first?.ended == nil)
        #expect(
            SnapshotWalker.line(.cap(1_000_000), name: "items")
                == "items: stopped at --max-records 1,000,000; the service may have more")
    }
}
