import TerminalUI
import Translations

/// The help screen (`?`): every key of the screen below it, then the global keys.
public enum HelpModule {
    @MainActor
    public static func build(for screen: any Screen, global: HelpSection) -> any Screen {
        // The start screen has no breadcrumb: it is named by what it shows.
        let under = screen.breadcrumb.isEmpty ? screen.status.resource : screen.breadcrumb
        return HelpPresenter(sections: screen.help + [global], under: under)
    }
}

/// Scrolls through the help sections; any of Esc, q or ? closes it.
@MainActor
final class HelpPresenter: Screen {
    let sections: [HelpSection]
    private let under: String
    private(set) var scroll = 0

    init(sections: [HelpSection], under: String) {
        self.sections = sections
        self.under = under
    }

    var breadcrumb: String { Texts.Help.breadcrumb }
    var capturesText: Bool { false }
    var help: [HelpSection] {
        [HelpSection(Texts.Ui.help, [("↑ ↓ / k j", Texts.Help.scroll), ("Esc / q / ?", Texts.Help.close)])]
    }
    var status: ScreenStatus { ScreenStatus(resource: Texts.Help.status(screen: under)) }

    func start() {}
    func stop() {}

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        HelpView(title: Texts.Help.title(screen: under), sections: sections, scrollOffset: scroll).draw(
            on: terminal, in: rect, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        let lines = HelpView(sections: sections).lines.count
        if let moved = ListNavigation.move(cursor: scroll, count: lines, page: 10, key: key) {
            scroll = moved
            return .handled
        }
        switch key {
        case .escape, .char("q"), .char("?"), .char("h"), .enter: return .pop
        default: return .handled
        }
    }
}
