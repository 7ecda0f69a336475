import Foundation
import JSON
import TerminalUI
import Translations

/// What one request's screen shows, as lines of coloured spans: the
/// request line, the outcome, both header lists and the body (JSON
/// pretty-printed and coloured like a record; other bodies as text).
enum RequestDetailLines {
    static func make(_ request: RequestEntity) -> [[JSONLines.Span]] {
        var lines: [[JSONLines.Span]] = []
        let outcome =
            request.status.map { "\($0)" }
            ?? Texts.Inspector.failedWith(reason: request.failure ?? Texts.Inspector.noAnswer)
        lines.append([
            ("\(outcome)", request.status.map { $0 >= 400 } ?? true ? .error : .info),
            (
                " "
                    + Texts.Inspector.summary(
                        how: request.answer.rawValue, milliseconds: request.milliseconds, bytes: request.bytes)
                    + InspectorState.time(request.startedAt), .dim
            ),
        ])
        lines.append([])
        appendHeaders(Texts.Inspector.requestHeaders, request.requestHeaders, into: &lines)
        appendRequestBody(request, into: &lines)
        appendHeaders(Texts.Inspector.responseHeaders, request.responseHeaders, into: &lines)
        let body =
            !request.isBodyCut
            ? Texts.Inspector.body
            : request.body.isEmpty
                ? Texts.Inspector.bodyNotKept(bytes: request.bytes)
                : Texts.Inspector.bodyCut(shown: request.body.count, bytes: request.bytes)
        lines.append([(body, .columnHeader)])
        if request.body.isEmpty {
            // A body not kept: the heading says so and its size.
            if !request.isBodyCut { lines.append([("  " + Texts.Inspector.empty, .dim)]) }
        } else if !request.isBodyCut, let value = try? JSONParser.parse(request.body) {
            lines += JSONLines.render(value: RecordEntity.detailValue(value))
        } else {
            let text = String(decoding: request.body, as: UTF8.self)
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map {
                [(TextSanitizer.clean(String($0)), .text)]
            }
        }
        return lines
    }

    /// The request's JSON body (a GraphQL query: its text on lines of
    /// their own) and the request as `curl`, when one was kept.
    private static func appendRequestBody(_ request: RequestEntity, into lines: inout [[JSONLines.Span]]) {
        guard !request.requestBody.isEmpty else { return }
        lines.append([(Texts.Inspector.requestBody, .columnHeader)])
        if let value = try? JSONParser.parse(request.requestBody) {
            lines += JSONLines.render(value: RecordEntity.detailValue(value))
        } else {
            lines.append([("  " + TextSanitizer.clean(String(decoding: request.requestBody, as: UTF8.self)), .text)])
        }
        lines.append([])
        if let curl = request.curl {
            lines.append([(Texts.Inspector.asCurl, .columnHeader)])
            lines.append([("  " + TextSanitizer.clean(curl), .text)])
            lines.append([])
        }
    }

    private static func appendHeaders(
        _ title: String, _ headers: [RequestEntity.Header], into lines: inout [[JSONLines.Span]]
    ) {
        lines.append([(title, .columnHeader)])
        if headers.isEmpty { lines.append([("  " + Texts.Inspector.none, .dim)]) }
        for header in headers {
            lines.append([
                ("  " + TextSanitizer.clean(header.name), .jsonKey), (": ", .jsonPunctuation),
                (TextSanitizer.clean(header.value), .text),
            ])
        }
        lines.append([])
    }
}

/// One request's screen as a value: the request, its lines (rendered once,
/// when it is opened), the lines as folded at the screen's width and how
/// far they are scrolled. Shown by the inspector, `:history` and an
/// operation's answer (the form holds it through a `Scope`).
struct RequestDetailState: ScreenState, Equatable, Sendable {
    enum Event: Equatable, Sendable {
        /// Scroll so that folded line `line` is the first shown.
        case scroll(to: Int)
        /// The screen's body is `rect`.
        case resized(Rect)
    }

    let request: RequestEntity
    let lines: [[JSONLines.Span]]
    private(set) var scroll = 0
    /// The body's rows (ten before the first frame).
    private(set) var height = 10
    /// The lines as folded at the last width (long ones folded).
    private(set) var drawnCount = 0
    /// The screen's body, once laid out.
    private(set) var area: Rect?

    init(request: RequestEntity) {
        self.request = request
        lines = RequestDetailLines.make(request)
    }

    /// The scroll positions the movement keys choose from.
    var scrollPositions: Int { max(1, max(drawnCount, lines.count) - height + 1) }

    mutating func apply(_ event: Event) -> [Never] {
        switch event {
        case .scroll(let line):
            scroll = line
        case .resized(let rect):
            area = rect
            let body = RequestDetailView.body(in: rect)
            height = max(1, body.height)
            drawnCount = JSONLines.wrap(lines, width: body.width).count
        }
        scroll = min(scroll, max(0, drawnCount - height))
        return []
    }

    static func == (left: Self, right: Self) -> Bool {
        left.request == right.request && left.scroll == right.scroll && left.height == right.height
            && left.drawnCount == right.drawnCount && left.area == right.area
    }
}

/// Draws one request: its title line, then its lines folded to the width.
@MainActor
enum RequestDetailView {
    /// Where the lines go in `rect`: below the title line.
    nonisolated static func body(in rect: Rect) -> Rect { rect.splitTop(1).rest }

    static func draw(_ state: RequestDetailState, on terminal: any Terminal, in rect: Rect, theme: Theme) {
        guard rect.height > 0 else { return }
        let request = state.request
        let (titleLine, body) = rect.splitTop(1)
        terminal.write(
            " " + TextSanitizer.clean("\(request.method) \(request.target)"), row: titleLine.row,
            col: titleLine.col, width: titleLine.width, style: theme.style(.columnHeader))
        let wrapped = JSONLines.wrap(state.lines, width: body.width)
        let view = TextView(
            lines: wrapped.map { $0.map { StyledSpan($0.text, $0.role) } }, scrollOffset: state.scroll)
        _ = view.draw(on: terminal, in: body, theme: theme)
    }
}

/// One request's `Screen`, a loop around `RequestDetailState`: its headers
/// and body, scrolled with the movement keys; Esc is the router's (back to
/// the table).
@MainActor
final class RequestDetailPresenter: Screen {
    private(set) var state: RequestDetailState
    private let context: ScreenContext

    init(request: RequestEntity, context: ScreenContext) {
        self.state = RequestDetailState(request: request)
        self.context = context
    }

    var request: RequestEntity { state.request }
    var lines: [[JSONLines.Span]] { state.lines }
    var breadcrumb: String { "\(request.method) \(request.target)" }
    var capturesText: Bool { false }
    var status: ScreenStatus { Self.status(state) }

    /// What the status line says of `state` (an operation's answer says it too).
    static func status(_ state: RequestDetailState) -> ScreenStatus {
        ScreenStatus(resource: Texts.Inspector.request, count: Texts.Inspector.lines(count: state.lines.count))
    }

    var help: [HelpSection] { Self.help(context.bindings) }

    static func help(_ keys: KeyBindings) -> [HelpSection] {
        [
            HelpSection(
                Texts.Inspector.oneRequest,
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.scroll),
                    (keys.label(pairing: .pageUp, .pageDown), Texts.Help.page),
                    (keys.label(for: .pager), Texts.Action.pager),
                    (keys.label(for: .editor), Texts.Action.editor),
                    (keys.label(for: .back), Texts.Inspector.backToRequests),
                ])
        ]
    }

    func start() {}
    func stop() {}

    func resize(to rect: Rect) {
        if state.area != rect { _ = state.apply(.resized(rect)) }
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        RequestDetailView.draw(state, on: terminal, in: rect, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        guard let event = Self.event(for: key, in: state, bindings: context.bindings) else { return .unhandled }
        _ = state.apply(event)
        return .handled
    }

    /// What `key` means on one request's lines (`nil`: not a key of theirs).
    static func event(for key: Key, in state: RequestDetailState, bindings: KeyBindings) -> RequestDetailState.Event? {
        ListNavigation.move(
            cursor: state.scroll, count: state.scrollPositions, page: state.height, key: key, bindings: bindings
        ).map { .scroll(to: $0) }
    }
}

extension RequestDetailPresenter: HasPagerText {
    /// The request line, then its headers and the answer as the lines show them.
    var pagerText: String? {
        ([TextSanitizer.clean(breadcrumb), ""] + state.lines.map { $0.map(\.text).joined() }).joined(separator: "\n")
    }
}
