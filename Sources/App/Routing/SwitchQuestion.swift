import Foundation
import Modules
import Networking
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

/// The dialog open over the screens, at most one: the sign-in while a
/// person signs in, the question before `:env production`, the
/// `:curl-open` paste. While one is open it takes the keys (the router
/// keeps Ctrl-C and a resize); what an answer asks of the router is an
/// ``Outcome``. The screens under it stay as they are.
struct OverlayDialogs {
    /// The sign-in dialog, while a person signs in.
    private(set) var signIn: SignInDialog?
    /// The question before `:env production`, while it is open.
    private(set) var question: SwitchQuestion?
    /// The `:curl-open` dialog, while it is open.
    private(set) var curlPaste: CurlPaste?

    /// What a key asks of the router.
    enum Outcome: Equatable {
        /// Nothing changed (the sign-in waits).
        case unchanged
        /// The dialog changed, or closed: draw again.
        case changed
        /// Closed with a line for the status line.
        case say(StatusMessage)
        /// Closed by an answer that switches (`yes`, a whole curl command).
        case switchTo(SwitchRequest)
        /// The sign-in dialog's Esc: the sign-in under way ends.
        case cancelSignIn
    }

    var isOpen: Bool { signIn != nil || question != nil || curlPaste != nil }

    /// Shows the sign-in dialog of `step`; `nil` closes it.
    mutating func showSignIn(_ step: SignInStep?, service: String) {
        signIn = step.map { SignInDialog(step: $0, service: service) }
    }

    /// Asks before `request` runs.
    mutating func ask(_ request: SwitchRequest) {
        question = SwitchQuestion(request)
    }

    /// Opens the `:curl-open` dialog.
    mutating func openCurlPaste() {
        curlPaste = CurlPaste()
    }

    /// A key for the open dialog: the sign-in's Esc cancels it (other keys
    /// wait); the production question switches on `yes` and Enter; the
    /// paste opens a whole command on Enter.
    mutating func handle(_ key: Key) -> Outcome {
        if signIn != nil {
            guard key == .escape else { return .unchanged }
            signIn = nil
            return .cancelSignIn
        }
        if var question {
            self.question = nil
            switch question.handle(key) {
            case .typing: self.question = question
            case .cancelled: return .say(StatusMessage(Texts.Switch.cancelled, .warning))
            case .confirmed: return .switchTo(question.request)
            }
            return .changed
        }
        if var paste = curlPaste {
            curlPaste = nil
            switch paste.handle(key) {
            case .typing: curlPaste = paste
            case .cancelled: break
            case .failed(let reason): return .say(StatusMessage(reason, .error))
            case .open(let input): return .switchTo(.curl(input))
            }
            return .changed
        }
        return .unchanged
    }

    /// The open dialog, for a terminal `width` cells wide.
    func dialog(width: Int) -> Dialog? {
        signIn?.dialog(width: width) ?? question?.dialog ?? curlPaste?.dialog
    }
}
