import JSON
import TerminalUI
import Translations

/// `:jq EXPR` on a list: the expression over the list's loaded records (as
/// one array, its filter and sort applied), the outputs shown as JSON in a
/// read-only view that scrolls; Esc goes back to the list. (On a record the
/// record detail narrows itself: `JQNarrowing`.)
@MainActor
final class JQAnswerPresenter: Screen {
    private(set) var state: JQAnswerState
    private let context: ScreenContext

    init(expression: String, resource: String, outputs: [JSONValue], context: ScreenContext) {
        state = JQAnswerState(title: Texts.Jq.title(expression: expression, resource: resource), outputs: outputs)
        self.context = context
    }

    var breadcrumb: String { "jq" }
    var capturesText: Bool { false }
    var status: ScreenStatus { ScreenStatus(resource: "jq") }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                TextSanitizer.clean(state.title),
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.scroll),
                    (keys.label(for: .pager), Texts.Action.pager),
                    (keys.label(for: .editor), Texts.Action.editor),
                    (keys.label(for: .back), Texts.Help.back),
                ])
        ]
    }

    func start() {}
    func stop() {}
    func resize(to rect: Rect) { _ = state.apply(.resized(rect)) }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        JQAnswerView.draw(state, on: terminal, in: rect, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        guard
            let moved = ListNavigation.move(
                cursor: state.scroll, count: state.shown.count, page: state.pageSize, key: key,
                bindings: context.bindings)
        else { return .unhandled }
        _ = state.apply(.scrolled(to: moved))
        return .handled
    }
}

extension JQAnswerPresenter: HasPagerText {
    var pagerText: String? { state.text }
}
