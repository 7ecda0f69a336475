/// What a key did to a form.
public enum FormOutcome: Sendable, Equatable {
    /// The form is still open (the key edited it, moved the focus, or did nothing).
    case editing
    /// Enter: the caller validates the values and saves them, or sets `error`.
    case submit
    /// Esc: the caller closes the form without saving.
    case cancel
}

/// A small dialog for creating or editing a record: labelled text fields and
/// on/off toggles, one per row, with the focus on one of them.
///
/// Tab and ↓ move the focus to the next field, Shift-Tab and ↑ to the
/// previous one (both wrap). On a text field the editing keys of `LineEditor`
/// apply; on a toggle Space, ← and → flip it. Enter submits and Esc cancels
/// from any field. `error` is shown under the fields until the caller
/// changes it.
public struct Form: Sendable, Equatable {
    /// One labelled value of the form.
    public struct Field: Sendable, Equatable {
        /// What the row shows before the value (`Title`).
        public var label: String
        /// The name the caller reads the value by (`title`).
        public var key: String
        public var kind: Kind

        public init(label: String, key: String, kind: Kind) {
            self.label = label
            self.key = key
            self.kind = kind
        }

        /// A text field holding `value`, with the cursor at its end.
        public static func text(_ label: String, key: String, value: String = "") -> Field {
            Field(label: label, key: key, kind: .text(LineEditor(value)))
        }

        /// An on/off field.
        public static func toggle(_ label: String, key: String, value: Bool = false) -> Field {
            Field(label: label, key: key, kind: .toggle(value))
        }
    }

    /// A field's value and how it is edited.
    public enum Kind: Sendable, Equatable {
        case text(LineEditor)
        case toggle(Bool)
    }

    /// The title in the box's top border.
    public var title: String
    /// The fields from top to bottom; the focus stays on an existing field.
    public var fields: [Field] {
        didSet { focus = Self.clamped(focus, count: fields.count) }
    }
    /// The index of the field that keys go to (0 when there are no fields).
    public private(set) var focus: Int
    /// A message shown under the fields, such as why saving failed.
    public var error: String?

    public init(title: String, fields: [Field], focus: Int = 0, error: String? = nil) {
        self.title = title
        self.fields = fields
        self.focus = Self.clamped(focus, count: fields.count)
        self.error = error
    }

    private static func clamped(_ index: Int, count: Int) -> Int {
        min(max(0, index), max(0, count - 1))
    }

    // MARK: - Keys

    /// Applies `key` and says whether the form stays open, is submitted or
    /// is cancelled.
    public mutating func handle(_ key: Key) -> FormOutcome {
        switch key {
        case .enter: return .submit
        case .escape: return .cancel
        case .tab, .down:
            moveFocus(by: 1)
            return .editing
        case .backTab, .up:
            moveFocus(by: -1)
            return .editing
        default:
            break
        }
        guard fields.indices.contains(focus) else { return .editing }
        switch fields[focus].kind {
        case .text(var editor):
            if editor.handle(key) { fields[focus].kind = .text(editor) }
        case .toggle(let isOn):
            if key == .char(" ") || key == .left || key == .right { fields[focus].kind = .toggle(!isOn) }
        }
        return .editing
    }

    private mutating func moveFocus(by step: Int) {
        guard !fields.isEmpty else { return }
        focus = ((focus + step) % fields.count + fields.count) % fields.count
    }

    /// Puts the focus on the field named `key` (say, the one an error is
    /// about); returns false, leaving the focus, when there is no such field.
    @discardableResult
    public mutating func moveFocus(to key: String) -> Bool {
        guard let index = fields.firstIndex(where: { $0.key == key }) else { return false }
        focus = index
        return true
    }

    // MARK: - Values

    /// The text of the text field named `key`; nil when there is no such text field.
    public func text(_ key: String) -> String? {
        guard case .text(let editor) = fields.first(where: { $0.key == key })?.kind else { return nil }
        return editor.text
    }

    /// Whether the toggle named `key` is on; nil when there is no such toggle.
    public func toggle(_ key: String) -> Bool? {
        guard case .toggle(let isOn) = fields.first(where: { $0.key == key })?.kind else { return nil }
        return isOn
    }
}

// MARK: - Drawing

extension Form {
    /// The hint line, longest first; the first that fits is shown.
    static let hints = [
        "Enter saves · Tab next field · Esc cancels",
        "Enter save · Tab next · Esc cancel",
        "Enter · Tab · Esc",
    ]

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
