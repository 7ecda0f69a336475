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
