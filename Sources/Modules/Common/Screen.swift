import Services
import TerminalUI

/// One screen on the navigation stack: a VIPER module's face to the router.
///
/// The app router sends keys to the top screen first; what it leaves
/// `.unhandled` gets the global meaning (`q` back/quit, `?` help, Esc back).
@MainActor
public protocol Screen: AnyObject {
    /// This screen's segment of the breadcrumbs (`todos`, `3`).
    var breadcrumb: String { get }
    /// The keys of this screen, for the help screen.
    var help: [HelpSection] { get }
    /// What the status bar shows for this screen.
    var status: ScreenStatus { get }
    /// True while the screen takes typed text (a filter prompt), so that
    /// printable keys such as `q` are not global commands.
    var capturesText: Bool { get }
    /// Starts (or restarts) loading; called when the screen appears.
    func start()
    /// Cancels the screen's work; called when it leaves the stack.
    func stop()
    /// Draws the screen's body inside `rect`.
    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int)
    /// Reacts to a key.
    func handle(_ key: Key) -> ScreenCommand
    /// The records `:export` writes from this screen (its list, filter and
    /// sort applied), or `nil` when it shows no list.
    var exportSource: ExportSource? { get }
    /// The resource this screen lists, or `nil` when it shows no list
    /// (`:freq ` completes its fields).
    var listedResource: ResourceDescriptor? { get }
    /// The request that fetches what this screen shows (`:curl`), or `nil`
    /// when it shows no resource.
    var shownRequest: ShownRequest? { get }
    /// The record this screen shows, or `nil` (`:ops` lists the operations that take it).
    var shownRecord: RecordEntity? { get }
    /// Re-fetches what the screen shows every `interval` (`:watch 5`), or
    /// stops (`nil`, `:watch off`); `false` when the screen cannot be watched.
    func watch(every interval: Duration?) -> Bool
    /// Puts the cursor on `row` (from 1), or `row` percent down when
    /// `percent` (`:goto`); `false` when the screen has no rows to go to.
    func go(toRow row: Int, percent: Bool) -> Bool
    /// Whether the screen has what it shows (a list its first answer, data
    /// or error): a router made to replace a visible one waits for it.
    var isReady: Bool { get }
    /// What a list screen keeps when it is made again (``ListCarry``); `nil` for other screens.
    var carried: ListCarry? { get }
    /// Takes what `carried` keeps (filter, sort, cursor), once started.
    func adopt(_ carried: ListCarry)
}

extension Screen {
    public var exportSource: ExportSource? { nil }
    public var listedResource: ResourceDescriptor? { nil }
    public var shownRequest: ShownRequest? { nil }
    public var shownRecord: RecordEntity? { nil }
    public func watch(every interval: Duration?) -> Bool { false }
    public func go(toRow row: Int, percent: Bool) -> Bool { false }
    public var isReady: Bool { true }
    public var carried: ListCarry? { nil }
    public func adopt(_ carried: ListCarry) {}
}

/// What `:curl` repeats: a resource and the request a screen sends for it.
public struct ShownRequest: Sendable, Equatable {
    public var resource: ResourceDescriptor
    public var request: ResourceRequest

    public init(resource: ResourceDescriptor, request: ResourceRequest) {
        self.resource = resource
        self.request = request
    }
}

/// A titled group of key descriptions (the help widget's own section type).
public typealias HelpSection = HelpView.Section
