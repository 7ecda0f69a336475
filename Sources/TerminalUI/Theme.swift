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
