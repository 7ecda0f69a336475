import Foundation
import Modules
import Networking
import Services
import TerminalUI
import Translations

/// Routes keys: to the `:` prompt while it is open, else to the top screen
/// first, what that leaves unhandled getting the global meaning (back, quit,
/// help, `:`). It composes the parts that do the work: the
/// `NavigationStack` of screens, the `CommandPromptController`, the
/// `Chrome` drawn around the top screen, and the `FrameScheduler`.
@MainActor
public final class AppRouter {
    private var navigation: NavigationStack<any Screen>
    private var commandLine: CommandPromptController
    private let terminal: any Terminal
    private let chrome: Chrome
    private let activity: @MainActor () -> Int
    /// Bytes the loads in flight have received so far.
    private let received: @MainActor () -> Int
    private let bindings: KeyBindings
    private let navigator: ResourceNavigator
    var theme: Theme
    private(set) var message: StatusMessage?
    /// What to do once the top screen is ready (``whenReady(_:)``).
    private var onReady: (@MainActor () -> Void)?
    /// Runs `:service NAME` and `:env NAME` (the App root switches the
    /// whole browser); `nil` where nothing can be switched.
    var onSwitch: (@MainActor (SwitchRequest) -> Void)?
    /// The service's saved list views (`:view`); `nil` where none are kept.
    var views: ListViewShelf? {
        didSet { prefetchViews() }
    }
    /// The dialog open over the screens, if any: the sign-in, the
    /// question before `:env production`, the `:curl-open` paste.
    private var dialogs = OverlayDialogs()
    /// The question before `:env production`, while it is open.
    var question: SwitchQuestion? { dialogs.question }
    /// Whether `:env production` asks for `yes` first (`confirmProductionWrites`, as the write guard).
    var asksBeforeProduction = true
    /// Ends the sign-in under way (the dialog's Esc); `nil` where no person signs in.
    var onCancelSignIn: (@MainActor () -> Void)?
    /// Runs `:logout`; `nil` where no person signs in.
    var onLogout: (@MainActor () -> Void)?
    private lazy var frames = FrameScheduler(
        drawFrame: { [weak self] tick in self?.drawFrame(tick: tick) },
        isBusy: { [weak self] in self?.isBusy ?? false })

    public init(
        stack: [any Screen], terminal: any Terminal, theme: Theme, chrome: Chrome, navigator: ResourceNavigator,
        writer: any FileWriting, bindings: KeyBindings = .defaults, services: [String] = [],
        activity: @escaping @MainActor () -> Int, received: @escaping @MainActor () -> Int = { 0 },
        startupMessage: StatusMessage? = nil
    ) {
        guard let navigation = NavigationStack(stack) else { preconditionFailure("the router needs a first screen") }
        self.navigation = navigation
        self.commandLine = CommandPromptController(navigator: navigator, writer: writer, services: services)
        self.navigator = navigator
        self.terminal = terminal
        self.theme = theme
        self.chrome = chrome
        self.bindings = bindings
        self.activity = activity
        self.received = received
        self.message = startupMessage
    }

    /// The screens, bottom first.
    var stack: [any Screen] { navigation.screens }
    public var top: any Screen { navigation.top }
    /// The `:` prompt while it is open.
    var prompt: CommandPrompt? { commandLine.prompt }
    /// Frames drawn so far (tests and the benchmark wait on them).
    public var frameCount: Int { frames.frameCount }

    public func start() {
        top.start()
        draw()
    }

    /// Starts the top screen (it begins loading) but holds every frame
    /// until ``releaseFrames()``: the first frame waits for what can still
    /// change it (the service's OpenAPI document).
    public func startHeld() {
        frames.hold(.start)
        top.start()
    }

    /// Draws the first frame of a router started with ``startHeld()``.
    public func releaseFrames() {
        frames.release(.start)
    }

    /// Handles one key; returns `false` when Trestle should quit.
    public func handle(_ key: Key) -> Bool {
        if key == .ctrl("c") { return false }
        if key == .resize || (!commandLine.isOpen && !top.capturesText && bindings.action(for: key) == .redraw) {
            if key != .resize { terminal.invalidate() }
            draw()
            return true
        }
        if dialogs.isOpen { return answerDialog(key) }
        if commandLine.isOpen { return handlePrompt(key) }
        if !top.capturesText { message = nil }
        if case .mouse(let event) = key, event.kind == .click, event.row == 0, !top.capturesText {
            // A click on a breadcrumb goes back to that level.
            if let depth = chrome.crumbDepth(atColumn: event.col, width: terminal.size.cols, of: stack) {
                show(navigation.pop(toDepth: depth))
            }
            setNeedsDisplay()
            return true
        }
        let keepRunning = perform(top.handle(key), for: key)
        setNeedsDisplay()
        return keepRunning
    }

    private func perform(_ command: ScreenCommand, for key: Key) -> Bool {
        switch command {
        case .handled:
            break
        case .push(let screen):
            show(navigation.push(screen))
        case .pop:
            if let change = navigation.pop() { show(change) }
        case .copy(let text, let description):
            let copy = Clipboard.copy(text, description: description)
            terminal.sendRaw(copy.sequence)
            // The terminal does not say whether it took the copy: say what was sent.
            message = StatusMessage(copy.message)
        case .unhandled:
            return handleGlobal(key)
        }
        return true
    }

    private func handleGlobal(_ key: Key) -> Bool {
        switch bindings.action(for: key) {
        case .quit?:
            guard case .back(let change) = navigation.quit() else { return false }
            show(change)
        case .back?:
            if let change = navigation.pop() { show(change) }
        case .help?:
            showHelp()
        case .command?:
            let arranging = top as? any ArrangesColumns
            commandLine.open(
                listed: (top as? any ListsResource)?.listedResource, arranging: arranging,
                views: arranging.map { views?.names(of: $0.viewCollection) ?? [] } ?? [])
        case .inspector?:
            show(navigation.push(navigator.inspector()))
        case .pager?:
            openOutside(editor: false)
        case .editor?:
            openOutside(editor: true)
        default:
            break
        }
        return true
    }

    /// `v` / `V`: the top screen's text in `$PAGER` / `$EDITOR` (``OutsideView``).
    /// No frame is drawn while the child has the terminal; then the same
    /// screens are drawn again, every cell, with a line when it could not start.
    private func openOutside(editor: Bool) {
        guard let text = (top as? any HasPagerText)?.pagerText else {
            message = StatusMessage(Texts.Outside.notHere, .warning)
            return
        }
        let command = OutsideView.command(editor: editor, environment: ProcessInfo.processInfo.environment)
        frames.hold(.outside)
        terminal.handOver()
        Task { @MainActor [weak self] in
            let failure = await OutsideView.run(command, text: text, readOnly: editor)
            guard let self else { return }
            self.terminal.takeBack()
            if let failure { self.message = StatusMessage(failure.line, .error) }
            self.frames.release(.outside)
        }
    }

    /// Stops the screens that left and starts the one on top (a no-op for
    /// a screen already running; a screen shown again may never have run).
    private func show(_ change: NavigationStack<any Screen>.Change) {
        change.stopped.forEach { $0.stop() }
        change.top.start()
        prefetchViews()
    }

    /// Reads the names of the top list's saved views, for the prompt's completion.
    private func prefetchViews() {
        if let list = top as? any ArrangesColumns { views?.prefetch(list.viewCollection) }
    }

    private func showHelp() {
        show(navigation.push(HelpModule.build(for: top, global: globalHelp)))
    }

    var globalHelp: HelpSection {
        HelpSection(
            Texts.Help.everywhere,
            [
                (bindings.label(for: .help), Texts.Help.thisHelp),
                (bindings.label(for: .back), Texts.Help.back),
                (bindings.label(for: .quit), Texts.Help.quitOnFirst),
                (bindings.label(for: .command), Texts.Help.commandLine),
                (bindings.label(for: .inspector), Texts.Help.requests),
                (":history", Texts.Help.history),
                (":curl", Texts.Help.curl),
                (":curl-open", Texts.Help.curlOpen),
                (":watch 5", Texts.Help.watch), (":jq EXPR", Texts.Jq.helpKey),
                (":service NAME", Texts.Switch.helpService), (":env NAME", Texts.Switch.helpEnvironment),
                (":logout", Texts.SignIn.helpLogout),
                (bindings.label(for: .redraw), Texts.Help.redraw), (Key.ctrl("c").label, Texts.Help.quit),
            ])
    }

    // MARK: - Command line

    private func handlePrompt(_ key: Key) -> Bool {
        var keepRunning = true
        if let line = commandLine.handle(key) { keepRunning = run(line) }
        setNeedsDisplay()
        return keepRunning
    }

    /// Runs one command line; returns `false` for `:q`.
    func run(_ line: String) -> Bool {
        switch commandLine.action(for: line, top: top) {
        case .quit:
            return false
        case .help:
            showHelp()
        case .show(let screens):
            show(navigation.replaceAboveFirst(with: screens))
        case .push(let screen):
            show(navigation.push(screen))
        case .say(let message):
            self.message = message
        case .watch(let interval):
            let watched = top as? any Watchable
            watched?.watch(every: interval)
            message = watchMessage(interval, accepted: watched != nil)
        case .saveView(let view, let collection):
            answerViews { await $0.saved(view, collection: collection) }
        case .showView(let name, let list):
            answerViews { await $0.shown(name, on: list) }
        case .listViews(let collection):
            answerViews { await $0.listed(collection) }
        case .logout:
            if let onLogout {
                onLogout()
            } else {
                message = StatusMessage(Texts.SignIn.notPersonal(service: chrome.service ?? chrome.origin), .warning)
            }
        case .switchTo(let request):
            if asksBeforeProduction, SwitchQuestion.asks(request, from: chrome.environment) {
                dialogs.ask(request)
            } else {
                onSwitch?(request)
            }
        case .pasteCurl:
            guard onSwitch != nil else {
                message = StatusMessage(Texts.CurlIn.notHere, .warning)
                return true
            }
            dialogs.openCurlPaste()
        }
        return true
    }

    // MARK: - Saved views

    /// Runs a `:view` command on the service's shelf, its line in the
    /// status line once done; where no views are kept, says so.
    private func answerViews(_ command: @escaping @MainActor (ListViewShelf) async -> StatusMessage) {
        guard let views else {
            message = StatusMessage(Texts.View.notKept, .warning)
            return
        }
        Task { @MainActor [weak self] in
            let answer = await command(views)
            self?.show(answer)
        }
    }

    // MARK: - Dialogs over the screens

    /// Shows the sign-in dialog of `step` over the screens, which stay as
    /// they are; `nil` closes it (the sign-in ended).
    public func showSignIn(_ step: SignInStep?, service: String) {
        dialogs.showSignIn(step, service: service)
        setNeedsDisplay()
    }

    /// A key while a dialog is open over the screens (``OverlayDialogs``).
    private func answerDialog(_ key: Key) -> Bool {
        switch dialogs.handle(key) {
        case .unchanged: return true
        case .changed: break
        case .say(let line): message = line
        case .switchTo(let request): onSwitch?(request)
        case .cancelSignIn: onCancelSignIn?()
        }
        setNeedsDisplay()
        return true
    }

    private func watchMessage(_ interval: Duration?, accepted: Bool) -> StatusMessage {
        guard accepted else { return StatusMessage(Texts.Watch.notHere, .warning) }
        guard let interval else { return StatusMessage(Texts.Watch.off) }
        return StatusMessage(Texts.Watch.on(screen: top.breadcrumb, seconds: Int(interval.components.seconds)))
    }

    // MARK: - Drawing

    /// Asks for a redraw soon; many requests in one turn make one frame.
    /// Shows `message` in the status line until the next key.
    public func show(_ message: StatusMessage) {
        self.message = message
        setNeedsDisplay()
    }

    /// Clears the status line's message if it is still `message` (a
    /// progress line whose work ended).
    public func clearMessage(_ message: StatusMessage) {
        guard self.message == message else { return }
        self.message = nil
        setNeedsDisplay()
    }

    public func setNeedsDisplay() {
        frames.setNeedsDisplay()
        if let onReady, top.isReady {
            self.onReady = nil
            Task { @MainActor in onReady() }
        }
    }

    /// Calls `action` (on a later main-actor turn) once the top screen has
    /// what it shows — at once if it has (``Screen/isReady``). One action
    /// waits at a time: a later call replaces one still waiting.
    public func whenReady(_ action: @escaping @MainActor () -> Void) {
        if top.isReady {
            Task { @MainActor in action() }
        } else {
            onReady = action
        }
    }

    /// Draws the whole frame now.
    public func draw() {
        frames.draw()
    }

    /// Waits until the next frame has been drawn, or the router stopped.
    public func nextFrame() async {
        await frames.nextFrame()
    }

    /// While the top screen or any request is loading (the spinner turns).
    private var isBusy: Bool { top.status.isLoading || activity() > 0 }

    private func drawFrame(tick: Int) {
        // The top screen lays out before the frame (its state's `.resized`
        // when its rect changed): drawing it changes nothing.
        if let body = Chrome.layout(terminal.size)?.body { top.resize(to: body) }
        let line = Chrome.StatusLine(
            prompt: commandLine.prompt, message: message, inFlight: activity(), received: received(), tick: tick,
            dialog: dialogs.dialog(width: terminal.size.cols))
        chrome.draw(stack, line, on: terminal, theme: theme)
    }

    /// Steps aside for another service's screens: no frame is drawn and no
    /// screen works until ``resume()``; the stack stays as it is.
    public func suspend() {
        frames.hold(.suspended)
        stack.forEach { $0.stop() }
    }

    /// Shows the screens again as they were left: the top one starts again
    /// (its loads and watch resume) and a frame is drawn at once.
    public func resume() {
        top.start()
        // Shown again, drawn at once: a first frame still held is drawn too.
        frames.release(.start)
        frames.release(.suspended)
    }

    /// Stops every screen's work (quitting).
    public func stopAll() {
        frames.stop()
        stack.forEach { $0.stop() }
    }
}
