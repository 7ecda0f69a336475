import JSON
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
}

extension Screen {
    public var exportSource: ExportSource? { nil }
}

/// The records a screen offers to `:export`.
public struct ExportSource: Sendable {
    public var resource: ResourceDescriptor
    public var records: [JSONValue]

    public init(resource: ResourceDescriptor, records: [JSONValue]) {
        self.resource = resource
        self.records = records
    }
}

/// What a key press asks the router to do.
@MainActor
public enum ScreenCommand {
    case handled
    case unhandled
    case push(any Screen)
    case pop
    /// Put text on the clipboard (OSC 52) and say so.
    case copy(String, description: String)
}

/// Status bar content contributed by a screen.
public struct ScreenStatus: Equatable, Sendable {
    /// The resource shown (`todos`).
    public var resource: String
    /// The count text (`37 of 200`), if any.
    public var count: String?
    /// The offline marker (`offline · cached 5 min ago`), if showing stale data.
    public var offline: String?
    /// Work in flight (drives the spinner).
    public var isLoading: Bool
    /// A short-lived message (`Todo 3 marked done`), if any.
    public var message: StatusMessage?

    public init(
        resource: String, count: String? = nil, offline: String? = nil, isLoading: Bool = false,
        message: StatusMessage? = nil
    ) {
        self.resource = resource
        self.count = count
        self.offline = offline
        self.isLoading = isLoading
        self.message = message
    }
}

/// A one-line message with its severity.
public struct StatusMessage: Equatable, Sendable {
    public enum Severity: Sendable, Equatable { case info, warning, error }
    public var text: String
    public var severity: Severity

    public init(_ text: String, _ severity: Severity = .info) {
        self.text = text
        self.severity = severity
    }
}

/// A titled group of key descriptions (the help widget's own section type).
public typealias HelpSection = HelpView.Section
