/// A centred box with a title, body lines and a hint line (`y yes · n no`).
///
/// Sized to its content and clamped to the area it is drawn in; body lines
/// that do not fit are truncated with `…`.
public struct Dialog: Sendable {
    public var title: String
    public var body: [[StyledSpan]]
    public var hints: String

    public init(title: String, body: [[StyledSpan]], hints: String = "") {
        self.title = title
        self.body = body
        self.hints = hints
    }

    /// A dialog with plain text body lines.
    public init(title: String, lines: [String], hints: String = "") {
        self.init(title: title, body: lines.map { [StyledSpan($0, .dialog)] }, hints: hints)
    }

    /// The rectangle the dialog takes when centred in `area`.
    public func frame(in area: Rect) -> Rect {
        let bodyWidth =
            body.map { line in line.reduce(0) { $0 + TextWidth.of(TextSanitizer.clean($1.text)) } }.max() ?? 0
        let contentWidth = max(bodyWidth, TextWidth.of(TextSanitizer.clean(hints)), TextWidth.of(title) + 2)
        return area.centered(height: body.count + 2 + (hints.isEmpty ? 0 : 2), width: contentWidth + 4)
    }

    /// Draws the dialog centred in `area`.
    @MainActor
    public func draw(on terminal: any Terminal, in area: Rect, theme: Theme) {
        let box = frame(in: area)
        guard !box.isEmpty else { return }
        BoxView(title: title).draw(on: terminal, in: box, theme: theme)
        let inner = box.boxInterior
        guard !inner.isEmpty else { return }
        let base = theme.style(.dialog)
        let hintRows = hints.isEmpty ? 0 : min(2, inner.height)
        let bodyRows = inner.height - hintRows
        for (index, line) in body.prefix(max(0, bodyRows)).enumerated() {
            TextView.drawSpans(
                line, on: terminal, row: inner.row + index, col: inner.col, width: inner.width, theme: theme, base: base
            )
        }
        if hintRows > 0 {
            terminal.write(
                hints, row: inner.maxRow - 1, col: inner.col, width: inner.width,
                style: theme.style(.dim).over(base), alignment: .center)
        }
    }
}
