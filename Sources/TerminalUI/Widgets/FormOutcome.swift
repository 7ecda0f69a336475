/// What a key did to a form.
public enum FormOutcome: Sendable, Equatable {
    /// The form is still open (the key edited it, moved the focus, or did nothing).
    case editing
    /// Enter: the caller validates the values and saves them, or sets `error`.
    case submit
    /// Esc: the caller closes the form without saving.
    case cancel
}
