import TerminalUI

/// Cursor movement shared by every list and scrolling screen: the keys of
/// PRODUCT.md (arrows/jk, PgUp/PgDn/Ctrl-B/Ctrl-F, g/G/Home/End).
public enum ListNavigation {
    /// Rows one wheel notch moves.
    public static let wheelStep = 3

    /// The new cursor for `key`, or `nil` when `key` is not a movement key.
    public static func move(cursor: Int, count: Int, page: Int, key: Key) -> Int? {
        let last = max(0, count - 1)
        let page = max(1, page)
        let target: Int
        switch key {
        case .down, .char("j"): target = cursor + 1
        case .up, .char("k"): target = cursor - 1
        case .pageDown, .ctrl("f"): target = cursor + page
        case .pageUp, .ctrl("b"): target = cursor - page
        case .home, .char("g"): target = 0
        case .end, .char("G"): target = last
        case .mouse(let event) where event.kind == .wheelDown: target = cursor + wheelStep
        case .mouse(let event) where event.kind == .wheelUp: target = cursor - wheelStep
        default: return nil
        }
        return min(max(0, target), last)
    }
}
