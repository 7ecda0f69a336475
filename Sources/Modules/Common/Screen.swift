import Services
import TerminalUI

/// One screen on the navigation stack: a VIPER module's face to the router.
///
/// The app router sends keys to the top screen first; what it leaves
/// `.unhandled` gets the global meaning (`q` back/quit, `?` help, Esc back).
/// It holds only what every screen has: what a single command needs of a
/// screen is a capability the screen adopts (`ScreenCapabilities.swift`),
/// which the command asks for with `as?`.
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
    /// The screen's body is now `rect` (the first frame, a new terminal
    /// size): the router says so before it draws, and the screen lays out
    /// from it (its state's `.resized`) — never from `draw`.
    func resize(to rect: Rect)
    /// Draws the screen's body inside `rect`: a function of the screen's
    /// state and `rect`, which changes nothing and starts no work.
    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int)
    /// Reacts to a key.
    func handle(_ key: Key) -> ScreenCommand
    /// Whether the screen has what it shows (a list its first answer, data
    /// or error): a router made to replace a visible one waits for it.
    var isReady: Bool { get }
}

extension Screen {
    public var isReady: Bool { true }
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
