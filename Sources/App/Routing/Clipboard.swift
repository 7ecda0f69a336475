import Foundation
import TerminalUI
import Translations

/// The OSC 52 clipboard sequence: works in most terminals and over SSH.
///
/// Inside tmux the plain sequence sets tmux's buffer and the outer
/// terminal's clipboard when `set-clipboard on`; the copy wrapped in a
/// passthrough reaches the outer terminal when `allow-passthrough on`. Both
/// are sent, since Trestle cannot ask tmux which is enabled.
enum Clipboard {
    /// The most text one copy sends, in UTF-8 bytes: terminals drop larger
    /// OSC 52 payloads (xterm's default is about 100 KB, tmux's buffers are
    /// bounded), and a 7 MB escape sequence stalls the terminal.
    static let limit = 1 << 20

    /// One copy: the sequence to send and what the status line says.
    struct Copy: Equatable {
        var sequence: String
        var message: String
        /// How many bytes of the text were left out (0: sent whole).
        var cutBytes: Int
    }

    /// Copies at most `limit` bytes of `text` (cut on a character's
    /// boundary); the message says when it cut and by how much.
    static func copy(
        _ text: String, description: String, limit: Int = limit,
        inTmux: Bool = ProcessInfo.processInfo.environment["TMUX"] != nil
    ) -> Copy {
        let (head, cut) = TextWidth.head(text, maxBytes: limit)
        let message =
            cut == 0
            ? Texts.App.copied(description: description)
            : Texts.App.copiedCut(
                shown: head.utf8.count / 1024, description: description, cut: (cut + 1023) / 1024)
        return Copy(sequence: osc52(head, inTmux: inTmux), message: message, cutBytes: cut)
    }

    static func osc52(_ text: String, inTmux: Bool = ProcessInfo.processInfo.environment["TMUX"] != nil) -> String {
        let payload = Data(text.utf8).base64EncodedString()
        let sequence = "\u{1B}]52;c;\(payload)\u{07}"
        guard inTmux else { return sequence }
        let wrapped = "\u{1B}Ptmux;\(sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}"))\u{1B}\\"
        return sequence + wrapped
    }
}
