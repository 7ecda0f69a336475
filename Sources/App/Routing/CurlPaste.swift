import Modules
import Services
import TerminalUI
import Translations

/// `:curl-open`: a dialog a curl command is pasted into. Enter opens it —
/// unless the text so far ends inside quotes or after a backslash, as a
/// command pasted from browser devtools does at each line's end: then the
/// line goes on, as in a shell. The dialog never shows the text itself,
/// only what it opens, each secret as `***`; nothing pasted enters the `:`
/// line's history.
struct CurlPaste: Equatable, Sendable {
    enum Outcome: Equatable, Sendable {
        case typing
        case cancelled
        /// Enter on a command that reads: open it.
        case open(CurlInput)
        /// Enter on one that does not: its one line.
        case failed(String)
    }

    /// The text so far, at most ``CurlInput/maxLength`` bytes.
    private(set) var text = ""

    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape:
            return .cancelled
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
        case .tab:
            append("\t")
        case .char(let character):
            append(character)
        case .enter:
            guard !text.allSatisfy(\.isWhitespace) else { return .typing }
            do throws(CurlInput.Failure) {
                return .open(try CurlInput.parse(text))
            } catch {
                if error.incomplete, text.utf8.count < CurlInput.maxLength {
                    append("\n")
                    return .typing
                }
                return .failed(error.message)
            }
        default:
            break
        }
        return .typing
    }

    private mutating func append(_ character: Character) {
        guard text.utf8.count < CurlInput.maxLength else { return }
        text.append(character)
    }

    /// The dialog: what the text opens so far, secrets as `***`.
    var dialog: Dialog {
        Dialog(title: Texts.CurlIn.pasteTitle, lines: lines, hints: Texts.CurlIn.pasteHints)
    }

    private var lines: [String] {
        guard !text.allSatisfy(\.isWhitespace) else { return [Texts.CurlIn.pasteEmpty] }
        do throws(CurlInput.Failure) {
            let input = try CurlInput.parse(text)
            var lines = [Texts.CurlIn.pasteOpens(url: input.shownURL)]
            lines += input.shownHeaders.map { Texts.CurlIn.pasteHeader(header: "\($0.name): \($0.value)") }
            if input.insecure { lines.append(Texts.CurlIn.pasteInsecure) }
            return lines
        } catch {
            return error.incomplete ? [Texts.CurlIn.pasteMore(count: text.count)] : [error.message]
        }
    }
}
