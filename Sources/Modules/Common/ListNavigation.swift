import TerminalUI

/// Cursor movement shared by every list and scrolling screen: the movement
/// actions (↑ ↓ k j, PgUp PgDn Ctrl-B Ctrl-F, g G Home End by default) and
/// the mouse wheel.
public enum ListNavigation {
    /// Rows one wheel notch moves.
    public static let wheelStep = 3

    /// The new cursor for `key`, or `nil` when `key` is not a movement key.
    public static func move(
        cursor: Int, count: Int, page: Int, key: Key, bindings: KeyBindings = .defaults
    ) -> Int? {
        let last = max(0, count - 1)
        let page = max(1, page)
        let target: Int
        switch (key, bindings.action(for: key)) {
        case (_, .moveDown?): target = cursor + 1
        case (_, .moveUp?): target = cursor - 1
        case (_, .pageDown?): target = cursor + page
        case (_, .pageUp?): target = cursor - page
        case (_, .top?): target = 0
        case (_, .bottom?): target = last
        case (.mouse(let event), _) where event.kind == .wheelDown: target = cursor + wheelStep
        case (.mouse(let event), _) where event.kind == .wheelUp: target = cursor - wheelStep
        default: return nil
        }
        return min(max(0, target), last)
    }
}
