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
