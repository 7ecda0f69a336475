import Foundation
import Modules
import Services
import TerminalUI

/// The navigation stack and the frame around it: header with breadcrumbs,
/// the top screen's body, the status bar. Keys go to the top screen first;
/// what it leaves unhandled gets the global meaning.
@MainActor
public final class AppRouter {
    public struct Chrome: Sendable {
        public var environment: AppEnvironment
        public var origin: String
        public var themeName: String

        public init(environment: AppEnvironment, origin: String, themeName: String) {
            self.environment = environment
            self.origin = origin
            self.themeName = themeName
        }
    }

    private(set) var stack: [any Screen] = []
    private let terminal: any Terminal
    private let chrome: Chrome
    private let activity: @MainActor () -> Int
    var theme: Theme
    private(set) var message: StatusMessage?
    private(set) var tick = 0
    private var needsDisplay = false
    private var drawWaiters: [CheckedContinuation<Void, Never>] = []
    private var animation: Task<Void, Never>?
    /// Frames drawn so far (tests and the benchmark wait on them).
    public private(set) var frameCount = 0

    /// The smallest screen that shows a usable list.
    static let minimumSize = Size(rows: 4, cols: 16)

    public init(
        root: any Screen, terminal: any Terminal, theme: Theme, chrome: Chrome,
        activity: @escaping @MainActor () -> Int, startupMessage: StatusMessage? = nil
    ) {
        self.terminal = terminal
        self.theme = theme
        self.chrome = chrome
        self.activity = activity
        self.message = startupMessage
        stack = [root]
    }

    public var top: any Screen { stack[stack.count - 1] }

    public func start() {
        top.start()
        draw()
    }

    /// Handles one key; returns `false` when Trestle should quit.
    public func handle(_ key: Key) -> Bool {
        if key == .ctrl("c") { return false }
        if key == .resize || key == .ctrl("l") {
            if key == .ctrl("l") { terminal.invalidate() }
            draw()
            return true
        }
        if !top.capturesText { message = nil }
        let command = top.handle(key)
        let keepRunning = perform(command, for: key)
        setNeedsDisplay()
        return keepRunning
    }

    private func perform(_ command: ScreenCommand, for key: Key) -> Bool {
        switch command {
        case .handled:
            return true
        case .push(let screen):
            push(screen)
            return true
        case .pop:
            pop()
            return true
        case .quit:
            return false
        case .copy(let text, let description):
            terminal.sendRaw(Clipboard.osc52(text))
            message = StatusMessage("Copied \(description) to the clipboard")
            return true
        case .unhandled:
            return handleGlobal(key)
        }
    }

    private func handleGlobal(_ key: Key) -> Bool {
        switch key {
        case .char("q"):
            if stack.count == 1 { return false }
            pop()
        case .escape, .char("h"), .left:
            pop()
        case .char("?"):
            push(HelpModule.build(for: top, global: Self.globalHelp))
        default:
            break
        }
        return true
    }

    private func push(_ screen: any Screen) {
        stack.append(screen)
        screen.start()
    }

    private func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast().stop()
    }

    static let globalHelp = HelpSection(
        "Everywhere",
        [
            ("?", "this help"), ("Esc / h / q", "back (q on the first screen quits)"),
            ("Ctrl-L", "redraw"), ("Ctrl-C", "quit"),
        ])

    // MARK: - Drawing

    /// Asks for a redraw soon; many requests in one turn make one frame.
    public func setNeedsDisplay() {
        guard !needsDisplay else { return }
        needsDisplay = true
        Task { @MainActor [weak self] in self?.drawIfNeeded() }
    }

    func drawIfNeeded() {
        if needsDisplay { draw() }
    }

    /// Draws the whole frame now.
    public func draw() {
        needsDisplay = false
        terminal.clear()
        let size = terminal.size
        let screen = Rect(size: size)
        if size.rows < Self.minimumSize.rows || size.cols < Self.minimumSize.cols {
            TooSmallView.draw(on: terminal, in: screen, minimum: Self.minimumSize, theme: theme)
        } else {
            let (header, rest) = screen.splitTop(1)
            let (body, status) = rest.splitBottom(1)
            ChromeView.drawHeader(
                breadcrumbs: stack.map(\.breadcrumb), chrome: chrome, on: terminal, in: header, theme: theme)
            top.draw(on: terminal, in: body, theme: theme, tick: tick)
            ChromeView.drawStatus(
                top.status, appMessage: message, inFlight: activity(), tick: tick, chrome: chrome,
                on: terminal, in: status, theme: theme)
        }
        terminal.flush()
        frameCount += 1
        let waiters = drawWaiters
        drawWaiters = []
        waiters.forEach { $0.resume() }
        animateWhileBusy()
    }

    /// Waits until the next frame has been drawn.
    public func nextFrame() async {
        await withCheckedContinuation { drawWaiters.append($0) }
    }

    /// While anything loads, redraw ten times a second for the spinner; when
    /// idle, no timer runs at all.
    private func animateWhileBusy() {
        let busy = top.status.isLoading || activity() > 0
        guard busy, animation == nil else { return }
        animation = Task { @MainActor [weak self] in
            guard (try? await Task.sleep(for: .milliseconds(100))) != nil, let self else { return }
            self.animation = nil
            self.tick &+= 1
            self.draw()
        }
    }

    /// Stops every screen's work (quitting).
    public func stopAll() {
        animation?.cancel()
        stack.forEach { $0.stop() }
    }
}
