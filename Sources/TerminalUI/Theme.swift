/// A named mapping from roles to styles.
///
/// Roles a theme does not name fall back to the built-in default theme, so a
/// theme file can restyle just what it cares about.
public struct Theme: Equatable, Sendable {
    public var name: String
    public var styles: [Role: Style]

    public init(name: String, styles: [Role: Style]) {
        self.name = name
        self.styles = styles
    }

    /// The style for `role`, from this theme or else from the default theme.
    public func style(_ role: Role) -> Style {
        styles[role] ?? Theme.builtinDefault.styles[role] ?? .plain
    }

    /// The same theme with every colour removed (for `NO_COLOR` and colourless
    /// terminals); attributes such as reverse and bold keep the screen readable.
    public var monochrome: Theme {
        var result: [Role: Style] = [:]
        for role in Role.allCases {
            var s = style(role)
            s.foreground = .terminalDefault
            s.background = .terminalDefault
            result[role] = s
        }
        result[.cursorRow]?.reverse = true
        result[.statusBar]?.reverse = true
        result[.envProduction]?.bold = true
        result[.envProduction]?.reverse = true
        result[.selection]?.reverse = true
        return Theme(name: name, styles: result)
    }
}

extension Theme {
    /// The dark default theme, complete for every role.
    public static let builtinDefault = Theme(
        name: "default",
        styles: [
            .text: Style(),
            .dim: Style(foreground: .palette(244)),
            .header: Style(foreground: .palette(255), background: .palette(24), bold: true),
            .breadcrumb: Style(foreground: .palette(153), background: .palette(24)),
            .columnHeader: Style(foreground: .palette(110), bold: true, underline: true),
            .row: Style(),
            .cursorRow: Style(foreground: .palette(16), background: .palette(117), bold: true),
            .selection: Style(foreground: .palette(16), background: .palette(186)),
            .border: Style(foreground: .palette(240)),
            .statusBar: Style(foreground: .palette(252), background: .palette(236)),
            .statusKey: Style(foreground: .palette(222), background: .palette(236), bold: true),
            .error: Style(foreground: .palette(203), bold: true),
            .warning: Style(foreground: .palette(214)),
            .info: Style(foreground: .palette(110)),
            .spinner: Style(foreground: .palette(214), background: .palette(236), bold: true),
            .doneMark: Style(foreground: .palette(114), bold: true),
            .pendingMark: Style(foreground: .palette(244)),
            .envFake: Style(foreground: .palette(16), background: .palette(141), bold: true),
            .envDevelopment: Style(foreground: .palette(16), background: .palette(114), bold: true),
            .envProduction: Style(foreground: .palette(231), background: .palette(160), bold: true),
            .offline: Style(foreground: .palette(16), background: .palette(214), bold: true),
            .filter: Style(foreground: .palette(222), bold: true),
            .dialog: Style(foreground: .palette(252), background: .palette(237)),
            .dialogTitle: Style(foreground: .palette(231), background: .palette(237), bold: true),
            .helpKey: Style(foreground: .palette(222), bold: true),
            .jsonKey: Style(foreground: .palette(117)),
            .jsonString: Style(foreground: .palette(150)),
            .jsonNumber: Style(foreground: .palette(215)),
            .jsonBool: Style(foreground: .palette(176)),
            .jsonNull: Style(foreground: .palette(244)),
            .jsonPunctuation: Style(foreground: .palette(246)),
            .link: Style(foreground: .palette(117), underline: true),
        ])
}
