/// A colour as a theme names it.
public enum Color: Equatable, Hashable, Sendable {
    /// The terminal's own foreground or background.
    case terminalDefault
    /// One of the 16 ANSI colours (0 black … 7 white, 8–15 bright).
    case ansi(UInt8)
    /// An index into the xterm 256-colour palette.
    case palette(UInt8)
    /// A 24-bit colour; mapped to the nearest palette entry the terminal has.
    case rgb(UInt8, UInt8, UInt8)
}

/// Foreground, background and attributes of drawn text.
public struct Style: Equatable, Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var underline: Bool
    public var reverse: Bool
    public var dim: Bool

    public init(
        foreground: Color = .terminalDefault, background: Color = .terminalDefault,
        bold: Bool = false, underline: Bool = false, reverse: Bool = false, dim: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.dim = dim
    }

    /// The terminal's default look.
    public static let plain = Style()
}

/// What a piece of the screen is for; themes map roles to styles.
public enum Role: String, CaseIterable, Sendable, Hashable {
    case text
    case dim
    case header
    case breadcrumb
    case columnHeader
    case row
    case cursorRow
    case selection
    case border
    case statusBar
    case statusKey
    case error
    case warning
    case info
    case spinner
    case doneMark
    case pendingMark
    case envFake
    case envDevelopment
    case envProduction
    case offline
    case filter
    case dialog
    case dialogTitle
    case helpKey
    case jsonKey
    case jsonString
    case jsonNumber
    case jsonBool
    case jsonNull
    case jsonPunctuation
    case link
}
