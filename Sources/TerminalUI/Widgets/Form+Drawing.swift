import Translations

extension Form {
    /// The hint line, longest first; the first that fits is shown.
    static var hints: [String] {
        [Texts.Ui.formHintsLong, Texts.Ui.formHintsShort, "Enter · Tab · Esc"]
    }

    /// The widest the box gets.
    public static let maximumWidth = 70

    /// The rectangle the form takes when centred in `area`.
    public func frame(in area: Rect) -> Rect {
        // Border, fields, error, a blank line and the hints.
        area.centered(height: 2 + fields.count + (error == nil ? 0 : 1) + 2, width: Self.maximumWidth)
    }

    /// Draws the form centred in `area`.
    ///
    /// Where rows are short, the focused field comes first, then the error,
    /// the hints and the other fields; the fields scroll to keep the focused
    /// one in view. The focused row is drawn in the `.cursorRow` role and the
    /// text cursor in the same style reversed.
    @MainActor
    public func draw(on terminal: any Terminal, in area: Rect, theme: Theme) {
        let box = frame(in: area)
        guard !box.isEmpty else { return }
        BoxView(title: title).draw(on: terminal, in: box, theme: theme)
        let inner = box.boxInterior
        guard !inner.isEmpty else { return }
        let base = theme.style(.dialog)

        var remaining = inner.height
        var fieldRows = min(fields.count, 1)
        remaining -= fieldRows
        let errorRows = error != nil && remaining > 0 ? 1 : 0
        remaining -= errorRows
        let hintRows = remaining > 0 ? 1 : 0
        remaining -= hintRows
        let moreFields = min(fields.count - fieldRows, remaining)
        fieldRows += moreFields

        let first = min(max(0, focus - fieldRows + 1), fields.count - fieldRows)
        let labelWidth = self.labelWidth(in: inner.width)
        for row in 0..<fieldRows {
            let index = first + row
            drawField(
                index, on: terminal, row: inner.row + row, col: inner.col, width: inner.width,
                labelWidth: labelWidth, theme: theme)
        }
        if errorRows > 0, let error {
            terminal.write(
                error, row: inner.row + fieldRows, col: inner.col, width: inner.width,
                style: theme.style(.error).over(base))
        }
        if hintRows > 0 {
            let hint = Self.hints.first { TextWidth.of($0) <= inner.width } ?? Self.hints[Self.hints.count - 1]
            terminal.write(
                hint, row: inner.maxRow - 1, col: inner.col, width: inner.width,
                style: theme.style(.dim).over(base), alignment: .center)
        }
    }

    /// The cells taken by `label: ` (the widest label sets it for all rows),
    /// at most half the row.
    private func labelWidth(in width: Int) -> Int {
        let widest = fields.map { TextWidth.of(TextSanitizer.clean($0.label)) }.max() ?? 0
        return min(widest + 2, width / 2)
    }

    @MainActor
    private func drawField(
        _ index: Int, on terminal: any Terminal, row: Int, col: Int, width: Int, labelWidth: Int, theme: Theme
    ) {
        let field = fields[index]
        let isFocused = index == focus
        let style = isFocused ? theme.style(.cursorRow).over(theme.style(.dialog)) : theme.style(.dialog)
        terminal.fill(row: row, col: col, width: width, style: style)
        terminal.write(field.label + ":", row: row, col: col, width: labelWidth, style: style)
        let valueCol = col + labelWidth
        let valueWidth = width - labelWidth
        guard valueWidth > 0 else { return }
        switch field.kind {
        case .toggle(let isOn):
            terminal.write(isOn ? "[x]" : "[ ]", row: row, col: valueCol, width: valueWidth, style: style)
        case .text(let editor):
            var cursorStyle = style
            cursorStyle.reverse.toggle()
            // Brackets around the text where there is room for them.
            let bracketed = valueWidth >= 3
            if bracketed {
                terminal.write("[", row: row, col: valueCol, style: style)
                terminal.write("]", row: row, col: valueCol + valueWidth - 1, style: style)
            }
            editor.draw(
                prompt: "", on: terminal, row: row, col: valueCol + (bracketed ? 1 : 0),
                width: valueWidth - (bracketed ? 2 : 0), style: style, cursorStyle: cursorStyle,
                showsCursor: isFocused)
        }
    }
}
