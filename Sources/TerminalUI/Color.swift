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
