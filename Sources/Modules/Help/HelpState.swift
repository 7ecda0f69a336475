import TerminalUI

/// The help screen as a value: the sections shown and how far they are
/// scrolled.
struct HelpState: ScreenState {
    enum Event: Equatable {
        /// Scroll so that line `line` is the first shown.
        case scroll(to: Int)
    }

    let sections: [HelpSection]
    /// The screen it explains (its breadcrumb, or what the start screen shows).
    let under: String
    private(set) var scroll = 0

    init(sections: [HelpSection], under: String) {
        self.sections = sections
        self.under = under
    }

    /// The lines of the help, for the movement keys.
    var lineCount: Int { HelpView(sections: sections).lines.count }

    mutating func apply(_ event: Event) -> [Never] {
        switch event {
        case .scroll(let line): scroll = line
        }
        return []
    }
}
