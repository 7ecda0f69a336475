import Networking
import TerminalUI
import Translations

/// The dialog over the screens while a person signs in: the URL to open
/// (the browser was opened when it could be) or the device code and where
/// to enter it. The screens under it stay as they were; Esc cancels.
struct SignInDialog: Sendable {
    let step: SignInStep
    let service: String

    /// The dialog for a terminal `width` cells wide: a long URL broken over lines.
    func dialog(width: Int) -> Dialog {
        let room = max(20, width - 8)
        var lines: [String]
        switch step {
        case .browser(let url):
            lines = [Texts.SignIn.browser] + Self.pieces(url, room)
        case .device(let code, let page, let complete):
            lines = Self.pieces(Texts.SignIn.deviceVisit(url: page), room) + [Texts.SignIn.deviceCode(code: code)]
            if let complete { lines += [""] + Self.pieces(complete, room) }
        }
        lines += ["", Texts.SignIn.waiting]
        return Dialog(title: Texts.SignIn.title(service: service), lines: lines, hints: Texts.SignIn.hints)
    }

    /// `text` in pieces of at most `width` characters.
    static func pieces(_ text: String, _ width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(text)
        while rest.count > width {
            pieces.append(String(rest.prefix(width)))
            rest = rest.dropFirst(width)
        }
        pieces.append(String(rest))
        return pieces
    }
}
