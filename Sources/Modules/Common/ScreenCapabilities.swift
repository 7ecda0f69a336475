import Services

// What single commands need of a screen. A screen adopts the capabilities
// it has; a command asks the screen on top with `as?` and says the command
// is not for this screen when it has not. A new command is one protocol
// here (or an existing one), the screens that adopt it, and its handler.

/// `:export` and `:freq`: the records a screen offers (its list's rows,
/// filter and sort applied).
@MainActor
public protocol Exportable: Screen {
    var exportSource: ExportSource { get }
}

/// `:freq ` completion: the resource a screen lists.
@MainActor
public protocol ListsResource: Screen {
    var listedResource: ResourceDescriptor { get }
}

/// `:curl` (and `:ops`): the request that fetches what a screen shows.
@MainActor
public protocol ShowsRequest: Screen {
    var shownRequest: ShownRequest { get }
}

/// `:ops`: the record a screen shows (`nil` until it has one).
@MainActor
public protocol ShowsRecord: Screen {
    var shownRecord: RecordEntity? { get }
}

/// `:watch 5`, `:watch off`: a screen that re-fetches what it shows every
/// `interval` (`nil` stops).
@MainActor
public protocol Watchable: Screen {
    func watch(every interval: Duration?)
}

/// `:goto`: a screen with rows to put the cursor on.
@MainActor
public protocol RowAddressable: Screen {
    /// Puts the cursor on `row` (from 1), or `row` percent down when `percent`.
    func go(toRow row: Int, percent: Bool)
}

/// A description that comes after the user's keys remakes the open list:
/// a screen that keeps its filter, sort and cursor across being made again
/// (``ListCarry``).
@MainActor
public protocol CarriesList: Screen {
    /// What the screen keeps when it is made again; `nil` before it has a list.
    var carried: ListCarry? { get }
    /// Takes what `carried` kept, once started.
    func adopt(_ carried: ListCarry)
}

/// `v` and `V`: the text a screen shows, handed to `$PAGER`, or to
/// `$EDITOR` as a read-only copy (`nil` while it has nothing to show).
/// Bounded by what the screen holds (a record's JSON, a request's lines).
@MainActor
public protocol HasPagerText: Screen {
    var pagerText: String? { get }
}

/// `:columns` and `:view`: a list whose columns can be hidden, shown,
/// moved, sized and added to, and whose arrangement (with its sort,
/// filter and watch) is saved as a view. Each change returns the line
/// the status bar says.
@MainActor
public protocol ArrangesColumns: Screen {
    /// Every column's field, hidden ones included (completion).
    var columnFields: [String] { get }
    /// Paths into the records' nested objects (`author.name`), which
    /// `:columns add ` offers.
    var nestedPaths: [String] { get }
    /// The collection the list shows: views are kept per collection.
    var viewCollection: String { get }
    /// `:columns`: the columns in order, and the hidden ones.
    var columnsLine: String { get }
    func arrange(_ change: ColumnChange) -> StatusMessage?
    /// What `:view save NAME` keeps of the list now.
    func currentView(named name: String) -> SavedListView
    /// `:view NAME`; `nil`: the default view (the configured columns).
    func show(_ view: SavedListView?) -> StatusMessage?
}
