import Foundation

/// The OSC 52 clipboard sequence: works in most terminals, over SSH, and in
/// tmux (wrapped in a passthrough when `$TMUX` is set).
enum Clipboard {
    static func osc52(_ text: String, inTmux: Bool = ProcessInfo.processInfo.environment["TMUX"] != nil) -> String {
        let payload = Data(text.utf8).base64EncodedString()
        let sequence = "\u{1B}]52;c;\(payload)\u{07}"
        guard inTmux else { return sequence }
        return "\u{1B}Ptmux;\(sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}"))\u{1B}\\"
    }
}
