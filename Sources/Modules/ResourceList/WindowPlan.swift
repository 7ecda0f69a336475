/// What a window over a remote collection asks for and keeps, for the rows
/// on screen: the one place that decides what the window fetches. A pure
/// value, worked out from the rows on screen, the server's page size, the
/// total and the pages held, in flight and failed.
///
/// Its rules, each a bound, whatever the page size (issue 38: pages of 3
/// under a 40-row screen once asked for the same pages forever):
/// - it asks only for pages under the screen that are neither held, nor in
///   flight, nor failed: never a page twice while it is kept or on its way;
/// - the window may hold the screen's pages and ``margin`` more, never
///   fewer than ``ListWindow/pagesKept`` (``capacity``), and the pages
///   dropped to stay within it are never the screen's (``dropping(from:)``);
/// - one key press costs at most ``budget(rows:pageSize:)`` requests,
///   ⌈rows ÷ page size⌉ + 2: the screen's pages, and what is left for a
///   screen an answer moved (a total that shrank). What is over it waits
///   for the next key, so no chain of answers can ask on and on.
struct WindowPlan: Equatable, Sendable {
    /// The pages a window holds beyond the screen's.
    static let margin = 2

    /// The pages under the screen, in order.
    let shown: [Int]
    /// The pages to ask for now, top first.
    let fetch: [Int]
    /// The loads to keep: those in flight still under the screen, and
    /// `fetch`; the others are cancelled (their pages left the screen).
    let loads: Set<Int>
    /// How many pages the window may hold while this screen shows.
    let capacity: Int

    /// The plan for a screen showing `rows` (0-based) of a list of `total`
    /// rows in pages of `pageSize`, with `held` pages here, `loading` on
    /// their way, `failed` (not asked again until `r`) and `spent` requests
    /// made since the last key.
    init(
        screen rows: Range<Int>, pageSize: Int, total: Int, held: Set<Int>, loading: Set<Int>, failed: Set<Int>,
        spent: Int
    ) {
        let size = max(1, pageSize)
        let rows = rows.clamped(to: 0..<max(0, total))
        shown = rows.isEmpty ? [] : Array((rows.lowerBound / size + 1)...((rows.upperBound - 1) / size + 1))
        let allowed = max(0, Self.budget(rows: rows.count, pageSize: size) - spent)
        let missing = shown.filter { !held.contains($0) && !loading.contains($0) && !failed.contains($0) }
        fetch = Array(missing.prefix(allowed))
        loads = loading.intersection(shown).union(fetch)
        capacity = max(ListWindow.pagesKept, shown.count + Self.margin)
    }

    /// The most requests one key press may cost on a screen of `rows` rows.
    static func budget(rows: Int, pageSize: Int) -> Int {
        let size = max(1, pageSize)
        return (max(0, rows) + size - 1) / size + 2
    }

    /// The held pages to drop (by when each was last on screen, a counter)
    /// so that at most ``capacity`` stay: the oldest first, never one under
    /// the screen.
    func dropping(from seen: [Int: Int]) -> [Int] {
        Self.dropping(from: seen, capacity: capacity, keeping: Set(shown))
    }

    /// The pages of `seen` to drop, oldest first, to keep `capacity`,
    /// never one of `keeping`.
    static func dropping(from seen: [Int: Int], capacity: Int, keeping: Set<Int>) -> [Int] {
        let over = seen.count - capacity
        guard over > 0 else { return [] }
        let candidates = seen.filter { !keeping.contains($0.key) }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        return candidates.prefix(over).map(\.key)
    }
}
