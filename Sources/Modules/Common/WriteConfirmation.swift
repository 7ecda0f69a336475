import Foundation
import TerminalUI
import Translations

/// The question before the first production write of a run: the user types
/// `yes` and Enter to send; anything else, or Esc, sends nothing.
struct WriteConfirmation: Equatable, Sendable {
    /// What a key did to the question.
    enum Outcome: Equatable, Sendable {
        case typing
        case confirmed
        case cancelled
    }

    /// The question, as the dialog shows it.
    static var question: String { Texts.Write.question }
    /// What a cancelled question says.
    static var cancelled: String { Texts.Write.cancelled }

    private(set) var editor = LineEditor()

    /// Takes one key: Enter answers (only `yes` confirms), Esc cancels,
    /// anything else edits the answer.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape:
            return .cancelled
        case .enter:
            return editor.text.trimmingCharacters(in: .whitespaces).lowercased() == "yes" ? .confirmed : .cancelled
        default:
            _ = editor.handle(key)
            return .typing
        }
    }

    /// The dialog over the screen.
    var dialog: Dialog {
        Dialog(
            title: Texts.Write.title, lines: [Self.question, "> \(editor.text)_"],
            hints: Texts.Write.hints)
    }
}
