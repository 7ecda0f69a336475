import Foundation
import TerminalUI
import Translations

/// What `:service NAME` and `:env NAME` ask the App root for.
public enum SwitchRequest: Equatable, Sendable {
    /// Another service of the config file.
    case service(String)
    /// The current service in another environment.
    case environment(AppEnvironment)
}

/// The question before `:env production`, as the production guard asks
/// before a first write: only `yes` and Enter switch; Esc (or any other
/// answer) stays where the browser is, with one line.
struct SwitchQuestion: Equatable, Sendable {
    /// What a key did to the question.
    enum Outcome: Equatable, Sendable {
        case typing
        case confirmed
        case cancelled
    }

    /// The switch the answer `yes` runs.
    let request: SwitchRequest
    private(set) var editor = LineEditor()

    init(_ request: SwitchRequest) {
        self.request = request
    }

    /// Whether `request` asks before it runs: a switch to production from another environment.
    static func asks(_ request: SwitchRequest, from environment: AppEnvironment) -> Bool {
        request == .environment(.production) && environment != .production
    }

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
            title: Texts.Write.title, lines: [Texts.Switch.question, "> \(editor.text)_"], hints: Texts.Switch.hints)
    }
}
