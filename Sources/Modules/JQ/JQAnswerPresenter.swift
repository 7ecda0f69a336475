import JSON
import TerminalUI
import Translations

/// `:jq EXPR` on a list: the expression over the list's loaded records (as
/// one array, its filter and sort applied), the outputs shown as JSON in a
/// read-only view that scrolls; Esc goes back to the list. (On a record the
/// record detail narrows itself: `JQNarrowing`.)
@MainActor
final class JQAnswerPresenter: Screen {
    private let title: String
    private var lines: RecordLines
    private let context: ScreenContext
    private var scroll = 0
    private var pageSize = 10

    init(expression: String, resource: String, outputs: [JSONValue], context: ScreenContext) {
        title = Texts.Jq.title(expression: expression, resource: resource)
        lines = RecordLines(values: outputs)
        self.context = context
    }

    var breadcrumb: String { "jq" }
    var capturesText: Bool { false }
    var status: ScreenStatus { ScreenStatus(resource: "jq") }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                TextSanitizer.clean(title),
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.scroll),
                    (keys.label(for: .back), Texts.Help.back),
                ])
        ]
    }

    func start() {}
    func stop() {}

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        let (titleLine, body) = rect.splitTop(1)
        terminal.write(
            TextSanitizer.clean(title), row: titleLine.row, col: titleLine.col + 1,
            width: max(0, titleLine.width - 1), style: theme.style(.columnHeader))
        pageSize = max(1, body.height)
        let shown = lines.shown(width: body.width)
        scroll = min(scroll, max(0, shown.count - 1))
        let offset = TextView.clampedOffset(scroll, lineCount: shown.count, visibleRows: body.height)
        let page = shown[offset..<min(shown.count, offset + max(0, body.height))]
        TextView(lines: page.map { $0.map { StyledSpan($0.text, $0.role) } }).draw(on: terminal, in: body, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        guard
            let moved = ListNavigation.move(
                cursor: scroll, count: lines.shownCount, page: pageSize, key: key, bindings: context.bindings)
        else { return .unhandled }
        scroll = moved
        return .handled
    }
}
