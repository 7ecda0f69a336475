/// How many colours a terminal can show, which decides how theme colours map.
public enum ColorMode: Sendable, Equatable, CaseIterable {
    /// No colour: attributes (bold, reverse, underline, dim) only.
    case none
    /// The 8 basic ANSI colours (`TERM=xterm`, `screen`).
    case ansi8
    /// The 16 ANSI colours.
    case ansi16
    /// The xterm 256-colour palette.
    case palette256

    /// The number of colours available: 0, 8, 16 or 256.
    public var colorCount: Int {
        switch self {
        case .none: 0
        case .ansi8: 8
        case .ansi16: 16
        case .palette256: 256
        }
    }

    /// The mode for a terminal reporting `colors` colours.
    public init(colors: Int) {
        switch colors {
        case 256...: self = .palette256
        case 16..<256: self = .ansi16
        case 8..<16: self = .ansi8
        default: self = .none
        }
    }
}

extension Theme {
    /// This theme as it should be drawn in `mode`: without colour (`.none`,
    /// for `NO_COLOR` and colourless terminals) it becomes `monochrome`, so the
    /// cursor row and status bar stay visible through reverse video.
    public func adapted(to mode: ColorMode) -> Theme {
        mode == .none ? monochrome : self
    }
}
