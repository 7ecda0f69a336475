import Modules
import TerminalUI
import Translations

/// Draws the frame around every screen: the header with breadcrumbs and the
/// status bar with environment, source, counts, offline marker and activity.
@MainActor
enum ChromeView {
    static func drawHeader(
        breadcrumbs: [String], chrome: AppRouter.Chrome, on terminal: any Terminal, in rect: Rect, theme: Theme
    ) {
        header(title: chrome.title, breadcrumbs: breadcrumbs).draw(on: terminal, in: rect, theme: theme)
    }

    /// The header as drawn (the router asks it where a click landed).
    static func header(title: String, breadcrumbs: [String]) -> HeaderBar {
        HeaderBar(title: title, breadcrumbs: breadcrumbs, info: Texts.App.helpInfo)
    }

    static func drawStatus(
        _ status: ScreenStatus, appMessage: StatusMessage?, activity: (inFlight: Int, received: Int), tick: Int,
        chrome: AppRouter.Chrome,
        on terminal: any Terminal, in rect: Rect, theme: Theme
    ) {
        StatusBar(
            left: leftSegments(status, appMessage: appMessage, chrome: chrome),
            right: rightSegments(status, activity: activity, tick: tick)
        ).draw(on: terminal, in: rect, theme: theme)
    }

    /// The `:` command line on the status row, its completions on the row above.
    static func drawPrompt(
        _ prompt: CommandPrompt, on terminal: any Terminal, body: Rect, line: Rect, theme: Theme
    ) {
        let base = theme.style(.statusBar)
        terminal.fill(row: line.row, col: line.col, width: line.width, style: base)
        prompt.editor.draw(
            prompt: ":", on: terminal, row: line.row, col: line.col, width: line.width, style: base,
            cursorStyle: theme.style(.cursorRow), showsCursor: true)
        guard !prompt.candidates.isEmpty, body.height > 1 else { return }
        let words = prompt.candidates.prefix(12).map { $0.split(separator: " ").last.map(String.init) ?? $0 }
        let text = " \(Texts.Command.tabCompletes) " + words.joined(separator: "  ")
        terminal.fill(row: body.maxRow - 1, col: body.col, width: body.width, style: theme.style(.dialog))
        terminal.write(
            text, row: body.maxRow - 1, col: body.col, width: body.width,
            style: theme.style(.dim).over(theme.style(.dialog)))
    }

    static func leftSegments(_ status: ScreenStatus, appMessage: StatusMessage?, chrome: AppRouter.Chrome)
        -> [StyledSpan]
    {
        // Most important first: what is cut on a narrow terminal is the tail.
        var spans = [StyledSpan(" \(chrome.environment.badge) ", badgeRole(chrome.environment))]
        if let service = chrome.service { spans.append(StyledSpan(" \(service) ", .statusKey)) }
        if chrome.insecure { spans.append(StyledSpan(" \(Texts.App.insecure) ", .error)) }
        if chrome.readOnly { spans.append(StyledSpan(" \(Texts.App.readOnly) ", .warning)) }
        let count = status.count.map { " \($0)" } ?? ""
        spans.append(StyledSpan(" \(status.resource)\(count) ", .statusKey))
        if let watch = status.watch { spans.append(StyledSpan(" \(watch) ", .statusKey)) }
        if let message = appMessage ?? status.message {
            spans.append(StyledSpan(" \(message.text) ", role(of: message.severity)))
        }
        if let offline = status.offline {
            spans.append(
                StyledSpan(" \(offline) ", offline.hasPrefix(Texts.List.cached(age: "")) ? .statusBar : .offline))
        }
        spans.append(StyledSpan(" \(chrome.origin) ", .statusBar))
        return spans
    }

    /// The spinner while anything loads, the requests in flight, and once
    /// their answers are large enough to take a while (``progressFrom``
    /// bytes), how much has arrived: a long load is seen to move.
    static func rightSegments(_ status: ScreenStatus, activity: (inFlight: Int, received: Int), tick: Int)
        -> [StyledSpan]
    {
        guard status.isLoading || activity.inFlight > 0 else { return [] }
        var text = " \(Spinner.frame(tick: tick))"
        if activity.inFlight > 0 { text += " " + Texts.App.requests(count: activity.inFlight) }
        if activity.inFlight > 0, activity.received >= progressFrom {
            let megabytes = Language.current.tenths(Double(activity.received) / 1_000_000)
            text += " · " + Texts.App.receivedMegabytes(size: megabytes)
        }
        return [StyledSpan(text + " ", .spinner)]
    }

    /// Answers smaller than this (100 kB) arrive too fast for a figure to be read.
    static let progressFrom = 100_000

    static func badgeRole(_ environment: AppEnvironment) -> Role {
        switch environment {
        case .fake: return .envFake
        case .development: return .envDevelopment
        case .production: return .envProduction
        }
    }

    private static func role(of severity: StatusMessage.Severity) -> Role {
        switch severity {
        case .info: return .info
        case .warning: return .warning
        case .error: return .error
        }
    }
}
