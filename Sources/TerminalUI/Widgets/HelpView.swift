import Translations

/// The help screen: sections of key bindings and what they do, in a box.
public struct HelpView: Sendable {
    /// One titled group of bindings.
    public struct Section: Sendable, Equatable {
        public var title: String
        public var entries: [(keys: String, description: String)]

        public init(_ title: String, _ entries: [(keys: String, description: String)]) {
            self.title = title
            self.entries = entries
        }

        public static func == (a: Section, b: Section) -> Bool {
            a.title == b.title && a.entries.elementsEqual(b.entries) { $0 == $1 }
        }
    }

    public var title: String
    public var sections: [Section]
    /// The first content line shown, for long help on short terminals.
    public var scrollOffset: Int

    public init(title: String = Texts.Ui.help, sections: [Section], scrollOffset: Int = 0) {
        self.title = title
        self.sections = sections
        self.scrollOffset = scrollOffset
    }

    /// The help content as styled lines: section titles, then keys in a
    /// column as wide as the widest key (at most 28 cells) and descriptions.
    public var lines: [[StyledSpan]] {
        let keyWidth = min(
            28, sections.flatMap(\.entries).map { TextWidth.of(TextSanitizer.clean($0.keys)) }.max() ?? 0)
        var result: [[StyledSpan]] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { result.append([]) }
            result.append([StyledSpan(section.title, .dialogTitle)])
            for entry in section.entries {
                result.append([
                    StyledSpan(TextWidth.pad(TextSanitizer.clean(entry.keys), to: keyWidth), .helpKey),
                    StyledSpan("  " + entry.description, .dialog),
                ])
            }
        }
        return result
    }

    /// Draws the help box centred in `area`, as large as content and area allow.
    @MainActor
    public func draw(on terminal: any Terminal, in area: Rect, theme: Theme) {
        let content = lines
        let contentWidth = content.map { $0.reduce(0) { $0 + TextWidth.of($1.text) } }.max() ?? 0
        let width = min(area.width, max(contentWidth, TextWidth.of(title) + 2) + 4)
        let height = min(area.height, content.count + 2)
        let box = Rect(
            row: area.row + (area.height - height) / 2, col: area.col + (area.width - width) / 2,
            height: height, width: width)
        guard !box.isEmpty else { return }
        BoxView(title: title).draw(on: terminal, in: box, theme: theme)
        let inner = Rect(row: box.row + 1, col: box.col + 2, height: box.height - 2, width: box.width - 4)
        TextView(lines: content, scrollOffset: scrollOffset).draw(
            on: terminal, in: inner, theme: theme, background: .dialog)
    }
}
