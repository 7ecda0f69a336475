import Foundation
import Modules
import Services
import TerminalUI
import Translations

/// What `:service NAME` and `:env NAME` ask the App root for.
public enum SwitchRequest: Equatable, Sendable {
    /// Another service of the config file.
    case service(String)
    /// The current service in another environment.
    case environment(AppEnvironment)
    /// A pasted curl command's list or record, on an ad-hoc service (`:curl-open`).
    case curl(CurlInput)
}

/// The question before `:env production`, as the production guard asks
/// before a first write: only `yes` and Enter switch; Esc (or any other
/// answer) stays where the browser is, with one line.
struct SwitchQuestion: Equatable, Sendable {
    /// The switch the answer `yes` runs.
    let request: SwitchRequest
    private var answer = ConfirmationQuestion(
        title: Texts.Write.title, question: Texts.Switch.question, hints: Texts.Switch.hints)

    init(_ request: SwitchRequest) {
        self.request = request
    }

    /// Whether `request` asks before it runs: a switch to production from another environment.
    static func asks(_ request: SwitchRequest, from environment: AppEnvironment) -> Bool {
        request == .environment(.production) && environment != .production
    }

    /// Takes one key (see ``ConfirmationQuestion/handle(_:)``).
    mutating func handle(_ key: Key) -> ConfirmationQuestion.Outcome { answer.handle(key) }

    /// The dialog over the screen.
    var dialog: Dialog { answer.dialog }
}
