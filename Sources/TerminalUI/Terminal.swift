/// A screen that Trestle draws on: ncurses in the app, memory in tests.
///
/// Coordinates are in cells. `write` draws text that the caller has already
/// sanitised (see `TextSanitizer`) and fitted by display width (see
/// `TextWidth`); the terminal clips anything past the right edge. Nothing
/// appears until `flush()`.
@MainActor
public protocol Terminal: AnyObject {
    /// The current size; changes after a `.resize` key.
    var size: Size { get }
    /// Blanks the whole screen (in the back buffer).
    func clear()
    /// Draws `text` starting at `row`, `col` in `style`.
    func write(_ text: String, row: Int, col: Int, style: Style)
    /// Fills `width` cells from `row`, `col` with blanks in `style`.
    func fill(row: Int, col: Int, width: Int, style: Style)
    /// Shows everything drawn since the last flush.
    func flush()
    /// Sends a control string straight to the terminal (OSC 52 clipboard);
    /// the in-memory terminal records it.
    func sendRaw(_ sequence: String)
    /// Repaints every cell on the next flush (Ctrl-L).
    func invalidate()
    /// Leaves the screen for a child in the foreground (`v`: the pager):
    /// the terminal back in the user's modes, no keys read, SIGINT and
    /// SIGQUIT (the child's Ctrl-C) not ending Trestle, until ``takeBack()``.
    func handOver()
    /// Takes the screen back after ``handOver()``: the modes and keys
    /// again, every cell repainted on the next flush, a `.resize` key when
    /// the window changed meanwhile.
    func takeBack()
}

extension Terminal {
    /// Forgets what is on the physical screen so the next flush repaints
    /// every cell (Ctrl-L); terminals without such state need nothing.
    public func invalidate() {}
    public func handOver() {}
    public func takeBack() {}
}
