import Foundation

/// The OSC 52 clipboard sequence: works in most terminals and over SSH.
///
/// Inside tmux the plain sequence sets tmux's buffer and the outer
/// terminal's clipboard when `set-clipboard on`; the copy wrapped in a
/// passthrough reaches the outer terminal when `allow-passthrough on`. Both
/// are sent, since Trestle cannot ask tmux which is enabled.
enum Clipboard {
    static func osc52(_ text: String, inTmux: Bool = ProcessInfo.processInfo.environment["TMUX"] != nil) -> String {
        let payload = Data(text.utf8).base64EncodedString()
        let sequence = "\u{1B}]52;c;\(payload)\u{07}"
        guard inTmux else { return sequence }
        let wrapped = "\u{1B}Ptmux;\(sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}"))\u{1B}\\"
        return sequence + wrapped
    }
}
