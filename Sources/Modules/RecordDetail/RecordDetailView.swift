import TerminalUI
import Translations

/// Draws one record: its name, its relations as numbered jump targets, then
/// every field as coloured JSON, scrolled.
@MainActor
enum RecordDetailView {
    static func draw(_ model: RecordDetailViewModel, on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int)
    {
        var area = rect
        let (titleLine, rest) = area.splitTop(1)
        let title = model.isLoading && model.lines.isEmpty ? "\(Spinner.frame(tick: tick)) \(model.title)" : model.title
        terminal.write(
            title, row: titleLine.row, col: titleLine.col + 1, width: max(0, titleLine.width - 1),
            style: theme.style(.columnHeader))
        area = rest
        if !model.jumps.isEmpty, area.height > 2 {
            let (line, below) = area.splitTop(1)
            drawJumps(model.jumps, on: terminal, in: line, theme: theme)
            area = below
        }
        if let error = model.error {
            area = ErrorLine.draw(error, on: terminal, in: area, theme: theme)
        }
        if let searchLine = model.searchLine, area.height > 1 {
            let foot = Rect(row: area.row + area.height - 1, col: area.col, height: 1, width: area.width)
            terminal.write(
                TextSanitizer.clean(searchLine), row: foot.row, col: foot.col, width: foot.width,
                style: theme.style(.filter))
            area.height -= 1
        }
        // Only the lines on screen become styled spans: a long record's
        // hundreds of lines are not copied on every frame.
        let offset = TextView.clampedOffset(model.scroll, lineCount: model.lines.count, visibleRows: area.height)
        let shown = model.lines[offset..<min(model.lines.count, offset + max(0, area.height))]
        let marked = model.highlight?(shown, offset) ?? Array(shown)
        let view = TextView(lines: marked.map { $0.map { StyledSpan($0.text, $0.role) } })
        view.draw(on: terminal, in: area, theme: theme)
    }

    private static func drawJumps(
        _ jumps: [RecordDetailViewModel.Jump], on terminal: any Terminal, in line: Rect, theme: Theme
    ) {
        var spans = [StyledSpan(" \(Texts.Detail.related) ", .dim)]
        for (index, jump) in jumps.enumerated() {
            let text = " \(index + 1) \(jump.title) "
            spans.append(StyledSpan(text, jump.isSelected ? .cursorRow : .link))
            spans.append(StyledSpan(" ", .text))
        }
        spans.append(StyledSpan(" " + Texts.Detail.relatedHints, .dim))
        TextView.drawSpans(
            spans, on: terminal, row: line.row, col: line.col, width: line.width, theme: theme,
            base: theme.style(.text))
    }
}
