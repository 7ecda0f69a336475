import Testing

@testable import Modules

/// The window's fetch plan alone, a pure value: which pages it asks for,
/// which loads it keeps, how many pages it lets the window hold and which
/// it drops, whatever the server's page size (issue 38: pages of 3 under a
/// 40-row screen were asked for again and again).
struct WindowPlanTests {
    /// The plan for `rows` of a list of `total` rows in pages of `size`, nothing held.
    private static func plan(
        _ rows: Range<Int>, size: Int, total: Int = 100_000, held: Set<Int> = [], loading: Set<Int> = [],
        failed: Set<Int> = [], spent: Int = 0
    ) -> WindowPlan {
        WindowPlan(
            screen: rows, pageSize: size, total: total, held: held, loading: loading, failed: failed, spent: spent)
    }

    @Test func itAsksForThePagesUnderTheScreenThatAreNeitherHeldNorOnTheirWayNorFailed() {
        let plan = Self.plan(10..<50, size: 10, held: [2], loading: [3], failed: [4])
        #expect(plan.shown == [2, 3, 4, 5])
        #expect(plan.fetch == [5])
        #expect(plan.loads == [3, 5])
        // A load of a page that left the screen is not kept (the parent cancels it).
        #expect(Self.plan(10..<20, size: 10, loading: [2, 7]).loads == [2])
    }

    @Test func theScreenIsClampedToTheTotal() {
        #expect(Self.plan(95..<135, size: 10, total: 100).shown == [10])
        #expect(Self.plan(0..<40, size: 10, total: 0).shown.isEmpty)
        #expect(Self.plan(0..<0, size: 10).fetch.isEmpty)
    }

    @Test func theWindowHoldsAtLeastTheScreenAndAMarginWhateverThePageSize() {
        for size in [1, 2, 3, 7, 500] {
            for height in [1, 20, 40, 41, 200] {
                for top in [0, 1, size - 1, 99_000] {
                    let plan = Self.plan(top..<top + height, size: size)
                    #expect(plan.capacity >= plan.shown.count + WindowPlan.margin, "size \(size), height \(height)")
                    #expect(plan.capacity >= ListWindow.pagesKept)
                    #expect(plan.fetch.count <= WindowPlan.budget(rows: height, pageSize: size))
                    #expect(Set(plan.fetch).count == plan.fetch.count, "no page twice")
                    #expect(plan.fetch == plan.shown, "nothing held: the screen's pages, all of them")
                }
            }
        }
        // 40 rows of pages of 3: 14 pages (the screen starts mid-page), 16 held at most.
        let small = Self.plan(1..<41, size: 3)
        #expect(small.shown == Array(1...14))
        #expect(small.capacity == 16)
        #expect(WindowPlan.budget(rows: 40, pageSize: 3) == 16)
    }

    @Test func aKeyPressCostsNoMoreThanItsBudgetAndAnswersCannotAskOnAndOn() {
        // The screen's pages fit the budget; what an answer moves afterwards
        // gets what is left, then nothing until the next key.
        let first = Self.plan(0..<40, size: 3)
        #expect(first.fetch.count == 14)
        let moved = Self.plan(3_000..<3_040, size: 3, spent: first.fetch.count)
        #expect(moved.fetch == [1001, 1002])
        #expect(Self.plan(6_000..<6_040, size: 3, spent: 16).fetch.isEmpty)
        #expect(Self.plan(6_000..<6_040, size: 3, spent: 0).fetch.count == 14)
    }

    @Test func droppingKeepsTheCapacityOldestFirstAndNeverAPageOnScreen() {
        let plan = Self.plan(0..<40, size: 3)
        var seen: [Int: Int] = [:]
        // Page 1…14 on screen, seen longest ago; 20 others seen since.
        for page in 1...14 { seen[page] = page }
        for page in 100..<120 { seen[page] = page }
        let dropped = plan.dropping(from: seen)
        #expect(dropped == Array(100..<118), "the 18 oldest off the screen: \(dropped)")
        #expect(Set(dropped).isDisjoint(with: plan.shown))
        #expect(seen.count - dropped.count == plan.capacity)
        // Within the capacity nothing goes.
        #expect(plan.dropping(from: Dictionary(uniqueKeysWithValues: (1...16).map { ($0, $0) })).isEmpty)
        // Before any screen: the fewest pages, the one just stored kept.
        let before = Dictionary(uniqueKeysWithValues: (1...13).map { ($0, 20 - $0) })
        #expect(WindowPlan.dropping(from: before, capacity: ListWindow.pagesKept, keeping: [13]) == [12])
    }
}
