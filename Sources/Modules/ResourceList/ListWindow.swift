import Services

/// A list too long to hold, as a window over the server's collection: the
/// list is `total` rows long from the first page on, and holds only the
/// pages seen last (``pagesKept``, or the screen's pages and a margin when
/// more); the rows of the others are placeholders until their page comes.
///
/// Pages are numbered from 1, `pageSize` rows each, as the server pages
/// them (offset/limit or page/size: the query's page and limit). Which
/// pages are asked for, kept and dropped is the ``WindowPlan``'s to say: a
/// page is asked for when a row of it is on screen and it is neither here
/// nor on its way; a page seen again after it was dropped is asked again
/// (the store revalidates it with its ETag).
struct ListWindow: Equatable, Sendable {
    /// The fewest pages a window may hold (more when the screen shows more
    /// pages, see ``WindowPlan/capacity``): about 6,000 rows of 500, a few MB.
    static let pagesKept = 12

    /// Rows per page, as the server answered the first.
    let pageSize: Int
    /// The server's total: how long the list is (while `isOpenEnded`, the
    /// rows known so far).
    var total: Int
    /// A list without a total, walked to by `G`: more rows may follow `total`.
    private(set) var isOpenEnded = false
    /// The page after the last one known, asked for by the walk to the end.
    private(set) var walking: Int?
    /// The pages held, by number.
    private(set) var pages: [Int: [RecordEntity]] = [:]
    /// When each held page was last on screen (a counter), for dropping the oldest.
    private var seen: [Int: Int] = [:]
    private var clock = 0
    /// Pages asked for and not answered yet.
    private(set) var loading: Set<Int> = []
    /// Pages whose last load failed, and why (asked again when next on screen after `r`).
    private(set) var failed: [Int: ServiceError] = [:]
    /// The plan for the screen shown last: what it keeps (`nil` before the first screen).
    private(set) var plan: WindowPlan?
    /// Requests made since the last key (a key press's budget, ``WindowPlan/budget(rows:pageSize:)``).
    private(set) var spent = 0

    /// A window of `total` rows whose first page is `first`.
    init(pageSize: Int, total: Int, first: [RecordEntity]) {
        self.pageSize = max(1, pageSize)
        self.total = total
        store(1, first)
    }

    /// A list without a total walked this far (`records`, in pages of
    /// `pageSize`): its last pages kept, the rest asked again when shown.
    init(walked records: [RecordEntity], pageSize: Int) {
        self.init(loaded: records, pageSize: pageSize, total: nil)
    }

    /// The pages loaded so far (`records`, in pages of `pageSize`) of a
    /// list of `total` rows (`nil`: unknown, more may follow them): its
    /// last pages kept, the rest asked again when shown.
    init(loaded records: [RecordEntity], pageSize: Int, total: Int?) {
        self.pageSize = max(1, pageSize)
        self.total = max(total ?? 0, records.count)
        isOpenEnded = total == nil
        let last = (records.count + self.pageSize - 1) / self.pageSize
        for number in max(1, last - Self.pagesKept + 1)...max(1, last) {
            store(number, Array(records[rows(of: number).clamped(to: 0..<records.count)]))
        }
    }

    /// Whether a list of `total` rows answered `count` on a first page of
    /// `pageSize` is long enough to window: longer than the pages it keeps.
    static func fits(total: Int?, count: Int, pageSize: Int) -> Bool {
        guard let total, pageSize > 0, count > 0, count <= pageSize, count < total else { return false }
        return total > count * pagesKept
    }

    /// The page that holds `row` (0-based).
    func page(of row: Int) -> Int { row / pageSize + 1 }

    /// The rows of page `number` (0-based, within the total).
    func rows(of number: Int) -> Range<Int> {
        let start = min(total, (number - 1) * pageSize)
        return start..<min(total, start + pageSize)
    }

    /// The record at `row`, or `nil` while its page is not here.
    func record(at row: Int) -> RecordEntity? {
        guard row >= 0, row < total, let records = pages[page(of: row)] else { return nil }
        let index = row - (page(of: row) - 1) * pageSize
        return records.indices.contains(index) ? records[index] : nil
    }

    /// The pages under `rows` (the screen), in order.
    func pages(under rows: Range<Int>) -> [Int] {
        let rows = rows.clamped(to: 0..<total)
        guard !rows.isEmpty else { return [] }
        return Array(page(of: rows.lowerBound)...page(of: rows.upperBound - 1))
    }

    /// The screen shows `rows`: the plan for it (``WindowPlan``). Its held
    /// pages count as seen now, its pages to fetch are marked asked, and the
    /// pages asked for that are no longer on screen are forgotten (their
    /// loads are cancelled).
    mutating func show(_ rows: Range<Int>) -> WindowPlan {
        let plan = WindowPlan(
            screen: rows, pageSize: pageSize, total: total, held: Set(pages.keys), loading: loading,
            failed: Set(failed.keys), spent: spent)
        clock += 1
        for number in plan.shown where pages[number] != nil { seen[number] = clock }
        loading = plan.loads
        spent += plan.fetch.count
        self.plan = plan
        return plan
    }

    /// A key was pressed: the next requests count against a new budget.
    mutating func pressed() {
        spent = 0
    }

    /// Page `number` came: kept (if it was asked for), and the oldest pages
    /// beyond the plan's capacity dropped (never the screen's). Returns
    /// whether it was taken.
    @discardableResult
    mutating func arrived(_ number: Int, _ records: [RecordEntity]) -> Bool {
        guard loading.remove(number) != nil else { return false }
        store(number, records)
        return true
    }

    /// The page after the last one known, marked asked; `nil` when the end is known.
    mutating func walkOn() -> Int? {
        guard isOpenEnded else { return nil }
        let next = total / pageSize + 1
        walking = next
        return next
    }

    /// The walk's page `number` came: the rows known reach further, and a
    /// short page is the last. Returns whether it was the walk's page.
    mutating func walked(_ number: Int, _ records: [RecordEntity]) -> Bool {
        guard walking == number else { return false }
        walking = nil
        if !records.isEmpty {
            store(number, records)
            total = max(total, (number - 1) * pageSize + records.count)
        }
        if records.count < pageSize { isOpenEnded = false }
        return true
    }

    /// Esc: the walk stops where it is.
    mutating func stopWalking() {
        walking = nil
    }

    /// The page loads to keep: the pages asked for and the walk's.
    var loads: Set<Int> { walking.map { loading.union([$0]) } ?? loading }

    /// Page `number` did not come.
    mutating func failedToLoad(_ number: Int, _ error: ServiceError) -> Bool {
        if walking == number {
            walking = nil
            return true
        }
        guard loading.remove(number) != nil else { return false }
        if error.kind != .cancelled { failed[number] = error }
        return true
    }

    /// Puts page 1 in place (the watched first page changed).
    mutating func replaceFirst(_ records: [RecordEntity], total: Int) {
        self.total = total
        store(1, records)
    }

    /// Forgets the pages asked for (their loads were cancelled): asked again when shown.
    mutating func forgetLoads() {
        loading = []
        walking = nil
        spent = 0
    }

    /// Drops every page (but the first, when `keepingFirst`: `r` loads it
    /// again anyway); they are asked again when shown.
    mutating func forgetPages(keepingFirst: Bool) {
        pages = pages.filter { keepingFirst && $0.key == 1 }
        seen = seen.filter { keepingFirst && $0.key == 1 }
        loading = []
        walking = nil
        failed = [:]
        spent = 0
    }

    /// Puts `record` in place of the held one with its id; `false` when no held page has it.
    mutating func replace(_ record: RecordEntity) -> Bool {
        for (number, records) in pages {
            if let index = records.firstIndex(where: { $0.id == record.id }) {
                pages[number]?[index] = record
                return true
            }
        }
        return false
    }

    /// The error of the first failed page under `rows`, if any.
    func failure(under rows: Range<Int>) -> ServiceError? {
        pages(under: rows).lazy.compactMap { failed[$0] }.first
    }

    private mutating func store(_ number: Int, _ records: [RecordEntity]) {
        clock += 1
        pages[number] = records
        seen[number] = clock
        failed[number] = nil
        let dropped =
            plan?.dropping(from: seen) ?? WindowPlan.dropping(from: seen, capacity: Self.pagesKept, keeping: [number])
        for page in dropped {
            pages[page] = nil
            seen[page] = nil
        }
    }
}
