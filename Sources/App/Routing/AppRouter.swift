import Foundation
import Modules
import Services
import TerminalUI

/// The navigation stack and the frame around it: header with breadcrumbs,
/// the top screen's body, the status bar (or the `:` command line). Keys go
/// to the top screen first; what it leaves unhandled gets the global meaning.
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
    /// The screen Trestle opened on: `q` there (or on the first screen)
    /// quits; anywhere else it goes back.
    private weak var launchScreen: (any Screen)?
    private let terminal: any Terminal
    private let chrome: Chrome
    private let activity: @MainActor () -> Int
    private let navigator: ResourceNavigator
    private let writer: any FileWriting
    private let bindings: KeyBindings
    var theme: Theme
    private(set) var message: StatusMessage?
    private(set) var prompt: CommandPrompt?
    private var history = LineHistory()
    private(set) var tick = 0
    private var needsDisplay = false
    private var drawWaiters: [CheckedContinuation<Void, Never>] = []
    private var animation: Task<Void, Never>?
    /// Frames drawn so far (tests and the benchmark wait on them).
    public private(set) var frameCount = 0

    /// The smallest screen that shows a usable list.
    static let minimumSize = Size(rows: 4, cols: 16)

    public init(
        stack: [any Screen], terminal: any Terminal, theme: Theme, chrome: Chrome, navigator: ResourceNavigator,
        writer: any FileWriting, bindings: KeyBindings = .defaults,
        activity: @escaping @MainActor () -> Int, startupMessage: StatusMessage? = nil
    ) {
        precondition(!stack.isEmpty, "the router needs a first screen")
        self.terminal = terminal
        self.theme = theme
        self.chrome = chrome
        self.navigator = navigator
        self.writer = writer
        self.bindings = bindings
        self.activity = activity
        self.message = startupMessage
        self.stack = stack
        launchScreen = stack[stack.count - 1]
    }

    public var top: any Screen { stack[stack.count - 1] }

    public func start() {
        top.start()
        draw()
    }

    /// Handles one key; returns `false` when Trestle should quit.
    public func handle(_ key: Key) -> Bool {
        if key == .ctrl("c") { return false }
        if key == .resize || (prompt == nil && !top.capturesText && bindings.action(for: key) == .redraw) {
            if key != .resize { terminal.invalidate() }
            draw()
            return true
        }
        if prompt != nil { return handlePrompt(key) }
        if !top.capturesText { message = nil }
        if case .mouse(let event) = key, event.kind == .click, event.row == 0, !top.capturesText {
            clickHeader(col: event.col)
            setNeedsDisplay()
            return true
        }
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
        case .copy(let text, let description):
            terminal.sendRaw(Clipboard.osc52(text))
            // The terminal does not say whether it took the copy: say what was sent.
            message = StatusMessage("Sent \(description) to the clipboard (OSC 52)")
            return true
        case .unhandled:
            return handleGlobal(key)
        }
    }

    private func handleGlobal(_ key: Key) -> Bool {
        switch bindings.action(for: key) {
        case .quit?:
            if stack.count == 1 || top === launchScreen { return false }
            pop()
        case .back?:
            pop()
        case .help?:
            push(HelpModule.build(for: top, global: globalHelp))
        case .command?:
            prompt = CommandPrompt(completer: CommandCompleter(catalog: navigator.catalog))
        default:
            break
        }
        return true
    }

    private func push(_ screen: any Screen) {
        stack.append(screen)
        screen.start()
    }

    /// Goes back one screen. The one below may never have been started (the
    /// start screen at launch, a list under `:users 3`'s detail): start it
    /// (a no-op for a screen already running).
    private func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast().stop()
        top.start()
    }

    /// Keeps the first screen, stops the rest, and shows `screens` on top.
    private func replace(with screens: [any Screen]) {
        while stack.count > 1 { stack.removeLast().stop() }
        for screen in screens { stack.append(screen) }
        top.start()
    }

    /// A click on a breadcrumb goes back to that level.
    private func clickHeader(col: Int) {
        let crumbs = visibleCrumbs
        let header = ChromeView.header(breadcrumbs: crumbs.map(\.text))
        guard let index = header.crumbIndex(atColumn: col, width: terminal.size.cols) else { return }
        let depth = crumbs[index].depth
        while stack.count > depth + 1 { stack.removeLast().stop() }
        top.start()
    }

    /// The breadcrumbs shown, with the stack depth each belongs to (screens
    /// with an empty crumb, such as the start screen, show none).
    private var visibleCrumbs: [(text: String, depth: Int)] {
        stack.enumerated().compactMap { index, screen in
            screen.breadcrumb.isEmpty ? nil : (screen.breadcrumb, index)
        }
    }

    var globalHelp: HelpSection {
        HelpSection(
            "Everywhere",
            [
                (bindings.label(for: .help), "this help"),
                (bindings.label(for: .back), "back"),
                (bindings.label(for: .quit), "back; quits on the first screen"),
                (
                    bindings.label(for: .command),
                    "command line: :posts, :users 3, :todos userId=2, :export csv FILE, :q"
                ),
                (bindings.label(for: .redraw), "redraw"), ("Ctrl-C", "quit"),
            ])
    }

    // MARK: - Command line

    private func handlePrompt(_ key: Key) -> Bool {
        guard var prompt else { return true }
        let outcome = prompt.handle(key, history: &history)
        self.prompt = prompt
        var keepRunning = true
        switch outcome {
        case .editing:
            break
        case .cancel:
            self.prompt = nil
        case .submit(let line):
            self.prompt = nil
            keepRunning = run(line)
        }
        setNeedsDisplay()
        return keepRunning
    }

    /// Runs one command line; returns `false` for `:q`.
    func run(_ line: String) -> Bool {
        let command: AppCommand
        do throws(CommandParser.Failure) {
            command = try CommandParser.parse(line, resources: navigator.catalog.names)
        } catch {
            message = StatusMessage(error.message, .error)
            return true
        }
        switch command {
        case .quit:
            return false
        case .help:
            push(HelpModule.build(for: top, global: globalHelp))
        case .resources:
            replace(with: [])
        case .open(let name, let id, let filters):
            if let id, CommandCompleter(catalog: navigator.catalog).fields(of: name).contains(id) {
                // `:todos userId` is a filter missing its value, not todo "userId".
                message = StatusMessage("'\(id)' needs a value: filters look like \(id)=2", .error)
                return true
            }
            let resource = navigator.resource(named: name)
            var screens = [navigator.list(resource, filters: filters)]
            if let id { screens.append(navigator.detail(resource, id: id)) }
            replace(with: screens)
        case .export(let format, let path):
            export(format, to: path)
        }
        return true
    }

    private func export(_ format: RecordFormat, to path: String) {
        guard let source = top.exportSource else {
            message = StatusMessage("Nothing to export here — open a list first", .warning)
            return
        }
        do throws(ServiceError) {
            let written = try writer.write(Data(format.render(source.records).utf8), to: path)
            let count = source.records.count
            let noun = count == 1 ? source.resource.singular : source.resource.name
            message = StatusMessage("Exported \(count) \(noun) to \(written)")
        } catch {
            message = StatusMessage("Export failed: \(error.message)", .error)
        }
    }

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
                breadcrumbs: visibleCrumbs.map(\.text), chrome: chrome, on: terminal, in: header, theme: theme)
            top.draw(on: terminal, in: body, theme: theme, tick: tick)
            if let prompt {
                ChromeView.drawPrompt(prompt, on: terminal, body: body, line: status, theme: theme)
            } else {
                ChromeView.drawStatus(
                    top.status, appMessage: message, inFlight: activity(), tick: tick, chrome: chrome,
                    on: terminal, in: status, theme: theme)
            }
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
