/// A key press, decoded from the terminal's input.
///
/// Control keys other than the named ones arrive as `.ctrl("x")` (lower case).
public enum Key: Equatable, Hashable, Sendable {
    case char(Character)
    case ctrl(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, backTab, delete, insert
    case function(Int)
    /// The terminal changed size; the run loop redraws everything.
    case resize
    /// A mouse click or wheel event, when mouse support is on.
    case mouse(MouseEvent)
    case unknown(Int)
}

/// A mouse event in screen coordinates.
public struct MouseEvent: Equatable, Hashable, Sendable {
    public enum Kind: Equatable, Hashable, Sendable { case click, wheelUp, wheelDown }
    public var kind: Kind
    public var row: Int
    public var col: Int

    public init(kind: Kind, row: Int, col: Int) {
        self.kind = kind
        self.row = row
        self.col = col
    }
}

extension Key: CustomStringConvertible {
    /// The name shown in help and in the config file's key map (`j`, `Ctrl-C`, `PgDn`).
    public var description: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-\(c.uppercased())"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .function(let n): return "F\(n)"
        case .resize: return "Resize"
        case .mouse: return "Mouse"
        case .unknown(let code): return "Key(\(code))"
        }
    }
}
