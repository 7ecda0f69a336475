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
        appendHeaders(Texts.Inspector.responseHeaders, request.responseHeaders, into: &lines)
        let body =
            request.isBodyCut
            ? Texts.Inspector.bodyCut(shown: request.body.count, bytes: request.bytes) : Texts.Inspector.body
        lines.append([(body, .columnHeader)])
        if request.body.isEmpty {
            lines.append([("  " + Texts.Inspector.empty, .dim)])
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

/// One request's `Screen`: its headers and body, scrolled with the
/// movement keys; Esc is the router's (back to the table).
@MainActor
final class RequestDetailPresenter: Screen {
    let request: RequestEntity
    private let context: ScreenContext
    /// Rendered once, when the request is opened.
    let lines: [[JSONLines.Span]]
    private var scroll = 0
    private var height = 10
    /// The lines as drawn at the last width (long ones folded).
    private var drawnCount = 0

    init(request: RequestEntity, context: ScreenContext) {
        self.request = request
        self.context = context
        lines = RequestDetailLines.make(request)
    }

    var breadcrumb: String { "\(request.method) \(request.target)" }
    var capturesText: Bool { false }
    var status: ScreenStatus {
        ScreenStatus(resource: Texts.Inspector.request, count: Texts.Inspector.lines(count: lines.count))
    }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                Texts.Inspector.oneRequest,
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.scroll),
                    (keys.label(pairing: .pageUp, .pageDown), Texts.Help.page),
                    (keys.label(for: .back), Texts.Inspector.backToRequests),
                ])
        ]
    }

    func start() {}
    func stop() {}

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        guard rect.height > 0 else { return }
        let (titleLine, body) = rect.splitTop(1)
        terminal.write(
            " " + TextSanitizer.clean("\(request.method) \(request.target)"), row: titleLine.row,
            col: titleLine.col, width: titleLine.width, style: theme.style(.columnHeader))
        height = max(1, body.height)
        let wrapped = JSONLines.wrap(lines, width: body.width)
        drawnCount = wrapped.count
        scroll = min(scroll, max(0, drawnCount - height))
        let view = TextView(lines: wrapped.map { $0.map { StyledSpan($0.text, $0.role) } }, scrollOffset: scroll)
        _ = view.draw(on: terminal, in: body, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        guard
            let moved = ListNavigation.move(
                cursor: scroll, count: max(1, max(drawnCount, lines.count) - height + 1), page: height, key: key,
                bindings: context.bindings)
        else { return .unhandled }
        scroll = moved
        return .handled
    }
}
