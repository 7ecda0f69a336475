/// Why the full-screen UI cannot start on this terminal.
public enum TerminalStartError: Error, Equatable, CustomStringConvertible {
    /// stdin or stdout is a pipe or a file.
    case notATerminal
    /// `TERM` is unset or empty.
    case termUnset
    /// The terminal cannot move the cursor (`TERM=dumb`, hard-copy, no `cup`).
    case cannotAddressCursor(String)
    /// No terminfo description for `TERM`.
    case unknownTerm(String)

    /// One line naming the cause and what to do instead.
    public var description: String {
        switch self {
        case .notATerminal:
            "trestle: stdin/stdout is not a terminal; use `trestle get todos` for scripts"
        case .termUnset:
            "trestle: TERM is not set; set it to your terminal's type (e.g. TERM=xterm-256color) or use `trestle get todos`"
        case .cannotAddressCursor(let term):
            "trestle: terminal type '\(term)' cannot position the cursor; use a full terminal or `trestle get todos`"
        case .unknownTerm(let term):
            "trestle: unknown terminal type '\(term)' (no terminfo entry); try TERM=xterm-256color or `trestle get todos`"
        }
    }
}
