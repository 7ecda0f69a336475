import Modules
import TerminalUI

extension AppRouter {
    /// The frame around every screen: the header with the breadcrumbs of
    /// the stack, the status bar with the environment, the source and the
    /// top screen's status (or the `:` command line in its place).
    public struct Chrome: Sendable {
        public var environment: AppEnvironment
        public var origin: String
        public var themeName: String
        /// The run sends no writes: `READ-ONLY` beside the environment badge.
        public var readOnly: Bool
        /// The config file's service shown (`--service`, `:service`), named
        /// in the header and beside the environment badge; `nil` for none.
        public var service: String?
        /// The service's certificate is not checked (`insecure: true`): a
        /// red `INSECURE` beside the environment badge.
        public var insecure: Bool

        public init(
            environment: AppEnvironment, origin: String, themeName: String, readOnly: Bool = false,
            service: String? = nil, insecure: Bool = false
        ) {
            self.environment = environment
            self.origin = origin
            self.themeName = themeName
            self.readOnly = readOnly
            self.service = service
            self.insecure = insecure
        }

        /// The header's title: Trestle, and the service shown.
        var title: String { service.map { "Trestle · \($0)" } ?? "Trestle" }

        /// The smallest screen that shows a usable list.
        static let minimumSize = Size(rows: 4, cols: 16)
    }
}

extension AppRouter.Chrome {
    /// What the status row shows besides the top screen's own status.
    struct StatusLine {
        /// The open `:` prompt, drawn instead of the status bar.
        var prompt: CommandPrompt?
        /// The app's own message (a copy, an export, a bad command).
        var message: StatusMessage?
        /// Requests in flight.
        var inFlight: Int
        /// Bytes those requests have received so far.
        var received = 0
        /// The spinner's phase.
        var tick: Int
        /// A question over the screen (`:env production`'s).
        var dialog: Dialog? = nil
    }

    /// Draws the whole frame: header, the top screen's body, status row; a
    /// terminal too small for that says so instead.
    @MainActor
    func draw(_ screens: [any Screen], _ line: StatusLine, on terminal: any Terminal, theme: Theme) {
        terminal.clear()
        let size = terminal.size
        let screen = Rect(size: size)
        let minimum = Self.minimumSize
        if let top = screens.last, let layout = Self.layout(size) {
            let (header, body, status) = (layout.header, layout.body, layout.status)
            ChromeView.drawHeader(
                breadcrumbs: Self.crumbs(of: screens).map(\.text), chrome: self, on: terminal, in: header,
                theme: theme)
            top.draw(on: terminal, in: body, theme: theme, tick: line.tick)
            line.dialog?.draw(on: terminal, in: body, theme: theme)
            if let prompt = line.prompt {
                ChromeView.drawPrompt(prompt, on: terminal, body: body, line: status, theme: theme)
            } else {
                ChromeView.drawStatus(
                    top.status, appMessage: line.message, activity: (line.inFlight, line.received), tick: line.tick,
                    chrome: self,
                    on: terminal, in: status, theme: theme)
            }
        } else {
            TooSmallView.draw(on: terminal, in: screen, minimum: minimum, theme: theme)
        }
        terminal.flush()
    }

    /// The header, the top screen's body and the status row in a terminal
    /// of `size`; `nil` when it is too small for them.
    static func layout(_ size: Size) -> (header: Rect, body: Rect, status: Rect)? {
        let minimum = Self.minimumSize
        guard size.rows >= minimum.rows, size.cols >= minimum.cols else { return nil }
        let (header, rest) = Rect(size: size).splitTop(1)
        let (body, status) = rest.splitBottom(1)
        return (header, body, status)
    }

    /// The stack depth of the breadcrumb drawn at column `col` of a header
    /// `width` cells wide, or `nil` when the click missed every crumb.
    @MainActor
    func crumbDepth(atColumn col: Int, width: Int, of screens: [any Screen]) -> Int? {
        let crumbs = Self.crumbs(of: screens)
        let header = ChromeView.header(title: title, breadcrumbs: crumbs.map(\.text))
        return header.crumbIndex(atColumn: col, width: width).map { crumbs[$0].depth }
    }

    /// The breadcrumbs shown, with the stack depth each belongs to (screens
    /// with an empty crumb, such as the start screen, show none).
    @MainActor
    static func crumbs(of screens: [any Screen]) -> [(text: String, depth: Int)] {
        screens.enumerated().compactMap { index, screen in
            screen.breadcrumb.isEmpty ? nil : (screen.breadcrumb, index)
        }
    }
}
