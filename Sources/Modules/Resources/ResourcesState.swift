import Services
import TerminalUI

/// The start screen as a value: the resources (the catalogue's and those
/// the service named besides), their counts as they arrive, the cursor and
/// scroll, and which counts are asked.
///
/// Counts are asked for the rows on screen and a margin around them, at
/// most ``maxInFlight`` at a time, as the list scrolls: a document of
/// thousands of collections costs a screenful of requests, not thousands
/// at once. The rows on screen follow from the layout (`.resized`) and the
/// cursor, so the counts are effects of those events, never of drawing.
struct ResourcesState: ScreenState, Equatable, Sendable {
    /// The most count requests under way at once.
    static let maxInFlight = 6
    /// Rows counted beyond those on screen, above and below.
    static let margin = 20

    enum Event: Equatable, Sendable {
        /// The screen shows: a new round of counts (a write elsewhere may have
        /// changed one), and the look at what else the service holds if it
        /// has not had its answer.
        case appeared
        /// The screen left: the counts and the look under way are dropped.
        case disappeared
        /// The cursor to row `row`.
        case move(to: Int)
        /// A click on screen row `row`.
        case click(row: Int)
        /// `r`: every count again.
        case recount
        /// The screen's body is `rect`.
        case resized(Rect)
        /// A count came.
        case counted(String, Result<Int, ServiceError>)
        /// The look at what else the service holds had its answer.
        case discovered([ResourceDescriptor])
    }

    enum Effect: Equatable, Sendable {
        /// Count `resource`'s records. Result: `.counted`.
        case count(ResourceDescriptor)
        /// Drop every count under way.
        case cancelCounts
        /// Ask the service what else it holds. Result: `.discovered`.
        case discover
        /// Drop the look under way.
        case cancelDiscovery
    }

    let catalog: ResourceCatalog
    /// Resources the service named that the catalog does not describe.
    private(set) var discovered: [ResourceDescriptor] = []
    private(set) var counts: [String: Result<Int, ServiceError>] = [:]
    private(set) var cursor = 0
    private(set) var scrollOffset = 0
    /// The screen's body, once laid out.
    private(set) var area: Rect?
    /// The counts under way in this round, by resource name.
    private(set) var counting: Set<String> = []
    /// The resources asked (or answered) in this round; a new round
    /// (showing again, `r`) asks every row in view again.
    private(set) var asked: Set<String> = []
    /// The rows on screen (before the first frame: a screenful).
    private(set) var rowsInView = 0..<40
    /// The look at what else the service holds (`/db`) is under way.
    private(set) var isDiscovering = false
    /// The look had its answer: it is not asked again. A look cut off by
    /// `.disappeared` (the screen left before `/db` answered) is asked again.
    private(set) var hasDiscovered = false

    init(catalog: ResourceCatalog) {
        self.catalog = catalog
    }

    var resources: [ResourceDescriptor] { catalog.resources + discovered }

    /// The table's body rows: those under the column titles, below the title line.
    private var tableRows: Int { max(1, (area.map(ResourcesView.body(in:))?.height ?? 1) - 1) }

    /// The screen row of the first resource (for clicks).
    var firstRowOnScreen: Int { area.map { ResourcesView.body(in: $0).row + 1 } ?? 0 }

    mutating func apply(_ event: Event) -> [Effect] {
        var effects = transition(event)
        effects += settle()
        return effects
    }

    private mutating func transition(_ event: Event) -> [Effect] {
        switch event {
        case .appeared:
            var effects = countAll()
            if !hasDiscovered, !isDiscovering {
                isDiscovering = true
                effects.append(.discover)
            }
            return effects
        case .disappeared:
            counting = []
            isDiscovering = false
            return [.cancelCounts, .cancelDiscovery]
        case .move(let row):
            cursor = row
        case .click(let row):
            let position = scrollOffset + row - firstRowOnScreen
            if row >= firstRowOnScreen, resources.indices.contains(position) { cursor = position }
        case .recount:
            counts = [:]
            return countAll()
        case .resized(let rect):
            area = rect
        case .counted(let name, let result):
            counts[name] = result
            counting.remove(name)
            return countInView()
        case .discovered(let extras):
            hasDiscovered = true
            isDiscovering = false
            guard !extras.isEmpty else { return [] }
            discovered = extras
            return countInView()
        }
        return []
    }

    /// Keeps the cursor's row on screen; when the rows on screen changed,
    /// counts those not asked yet.
    private mutating func settle() -> [Effect] {
        guard area != nil else { return [] }
        scrollOffset = TableView.scrollOffset(
            cursor: cursor, previous: scrollOffset, visibleRows: tableRows, count: resources.count)
        let inView = scrollOffset..<(scrollOffset + tableRows)
        guard inView != rowsInView else { return [] }
        rowsInView = inView
        return countInView()
    }

    /// A round of counts in place of one still under way: the rows in view are asked again.
    private mutating func countAll() -> [Effect] {
        counting = []
        asked = []
        return [.cancelCounts] + countInView()
    }

    /// Asks the counts of the rows in view and the margin around them that
    /// this round has not asked yet, while fewer than ``maxInFlight`` are
    /// under way; each answer makes room for the next.
    private mutating func countInView() -> [Effect] {
        let all = resources
        let lower = max(0, rowsInView.lowerBound - Self.margin)
        let upper = min(all.count, rowsInView.upperBound + Self.margin)
        guard lower < upper else { return [] }
        var effects: [Effect] = []
        for resource in all[lower..<upper] where counting.count < Self.maxInFlight {
            guard !resource.isObject, asked.insert(resource.name).inserted else { continue }
            counting.insert(resource.name)
            effects.append(.count(resource))
        }
        return effects
    }
}
