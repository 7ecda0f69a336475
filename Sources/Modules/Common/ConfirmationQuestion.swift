import Foundation
import TerminalUI

/// A question answered by typing `yes` and Enter, as the production guard
/// asks it (before a run's first write, before a switch into production):
/// only `yes` confirms; Esc, or Enter on any other answer, cancels.
public struct ConfirmationQuestion: Equatable, Sendable {
    /// What a key did to the question.
    public enum Outcome: Equatable, Sendable {
        case typing
        case confirmed
        case cancelled
    }

    /// The dialog's title, question and key hints.
    public let title: String
    public let question: String
    public let hints: String
    public private(set) var editor = LineEditor()

    public init(title: String, question: String, hints: String) {
        self.title = title
        self.question = question
        self.hints = hints
    }

    /// Takes one key: Enter answers (only `yes` confirms), Esc cancels,
    /// anything else edits the answer.
    public mutating func handle(_ key: Key) -> Outcome {
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
    public var dialog: Dialog {
        Dialog(title: title, lines: [question, "> \(editor.text)_"], hints: hints)
    }
}
