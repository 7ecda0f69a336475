import TerminalUI
import Translations

/// The help screen (`?`): every key of the screen below it, then the global keys.
public enum HelpModule {
    @MainActor
    public static func build(for screen: any Screen, global: HelpSection) -> any Screen {
        // The start screen has no breadcrumb: it is named by what it shows.
        let under = screen.breadcrumb.isEmpty ? screen.status.resource : screen.breadcrumb
        return HelpPresenter(state: HelpState(sections: screen.help + [global], under: under))
    }
}

/// Scrolls through the help sections; any of Esc, q or ? closes it.
@MainActor
final class HelpPresenter: Screen {
    private(set) var state: HelpState

    init(state: HelpState) {
        self.state = state
    }

    var sections: [HelpSection] { state.sections }
    var breadcrumb: String { Texts.Help.breadcrumb }
    var capturesText: Bool { false }
    var help: [HelpSection] {
        [HelpSection(Texts.Ui.help, [("↑ ↓ / k j", Texts.Help.scroll), ("Esc / q / ?", Texts.Help.close)])]
    }
    var status: ScreenStatus { ScreenStatus(resource: Texts.Help.status(screen: state.under)) }

    func start() {}
    func stop() {}
    func resize(to rect: Rect) {}

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        HelpScreenView.draw(state, on: terminal, in: rect, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        if let moved = ListNavigation.move(cursor: state.scroll, count: state.lineCount, page: 10, key: key) {
            _ = state.apply(.scroll(to: moved))
            return .handled
        }
        switch key {
        case .escape, .char("q"), .char("?"), .char("h"), .enter: return .pop
        default: return .handled
        }
    }
}

/// Draws the help screen: a function of its state and rect.
@MainActor
enum HelpScreenView {
    static func draw(_ state: HelpState, on terminal: any Terminal, in rect: Rect, theme: Theme) {
        HelpView(title: Texts.Help.title(screen: state.under), sections: state.sections, scrollOffset: state.scroll)
            .draw(on: terminal, in: rect, theme: theme)
    }
}
