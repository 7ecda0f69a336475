import Foundation
import Networking
import Synchronization
import TerminalUI
import Translations

/// Opens a URL in the person's browser with `xdg-open`, when there is one
/// on `PATH` (none over SSH, usually: the URL is shown either way). The URL
/// is one argument, never a shell's text; the opener's output goes nowhere
/// (not onto the TUI's screen), and Foundation reaps it.
struct BrowserOpener: Sendable {
    var environment: [String: String]

    /// Whether `xdg-open` was started.
    @discardableResult
    func open(_ url: String) -> Bool {
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        guard
            let path = folders.map({ "\($0)/xdg-open" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [url]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { _ in }
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}

/// The words of the page the browser shows after the loopback redirect.
private func signInPage(signedIn: Bool, detail: String) -> String {
    signedIn ? Texts.SignIn.pageSignedIn : Texts.SignIn.pageFailed(detail: TextSanitizer.clean(detail))
}

/// The TUI's sign-in prompt: it opens the browser, and hands each step to
/// the router's dialog (``AppRouter/showSignIn(_:service:)``) — a step that
/// comes before the router exists (the first list's request, at the start)
/// waits here and is shown once it connects.
public final class SignInRelay: SignInPrompt {
    public typealias Handler = @MainActor @Sendable (SignInStep?, String) -> Void

    private struct State {
        var step: (SignInStep, String)?
        var handler: Handler?
    }

    private let state = Mutex(State())
    private let opener: BrowserOpener

    public init(environment: [String: String]) {
        opener = BrowserOpener(environment: environment)
    }

    public func show(_ step: SignInStep, service: String) async {
        if case .browser(let url) = step { opener.open(url) }
        let handler = state.withLock { state in
            state.step = (step, service)
            return state.handler
        }
        if let handler { await MainActor.run { handler(step, service) } }
    }

    public func finished(service: String) async {
        let handler = state.withLock { state in
            state.step = nil
            return state.handler
        }
        if let handler { await MainActor.run { handler(nil, service) } }
    }

    public func browserPage(signedIn: Bool, detail: String) -> String {
        signInPage(signedIn: signedIn, detail: detail)
    }

    /// From now on each step goes to `handler`; a step under way at once.
    @MainActor
    public func connect(_ handler: @escaping Handler) {
        let pending = state.withLock { state in
            state.handler = handler
            return state.step
        }
        if let pending { handler(pending.0, pending.1) }
    }
}

/// The command line's sign-in prompt (`trestle auth login`): the browser
/// opened, and the URL or the device code printed, one line each.
struct LineSignInPrompt: SignInPrompt {
    let opener: BrowserOpener
    let sink: OutputSink

    func show(_ step: SignInStep, service: String) async {
        switch step {
        case .browser(let url):
            opener.open(url)
            sink.line(Texts.SignIn.cliBrowser(url: url))
        case .device(let code, let page, let complete):
            sink.line(Texts.SignIn.cliDevice(url: page, code: code))
            if let complete { sink.line(complete) }
        }
    }

    func finished(service: String) async {}

    func browserPage(signedIn: Bool, detail: String) -> String {
        signInPage(signedIn: signedIn, detail: detail)
    }
}
