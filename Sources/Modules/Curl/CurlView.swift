import TerminalUI
import Translations

/// Draws the `:curl` dialog: the command folded into lines of the dialog's
/// width (every character shown, none cut), the keys below.
@MainActor
enum CurlView {
    static func draw(
        _ content: CurlState.Content, on terminal: any Terminal, in rect: Rect, theme: Theme, copyKey: String
    ) {
        let width = max(10, rect.width - 6)
        let body: [[StyledSpan]]
        var hints = Texts.Curl.hintsClose
        switch content {
        case .loading:
            body = [[StyledSpan(Texts.Curl.building, .dim)]]
        case .command(let command):
            body = fold(command, width: width).map { [StyledSpan($0, .dialog)] }
            hints = Texts.Curl.hints(copyKey: copyKey)
        case .failed(let reason):
            body = fold(reason, width: width).map { [StyledSpan($0, .error)] }
        }
        Dialog(title: "curl", body: body, hints: hints).draw(on: terminal, in: rect, theme: theme)
    }

    /// `text` cut into lines of at most `width` cells, after a space or an
    /// `&` where there is one (a word longer than a line is cut anywhere).
    static func fold(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for piece in pieces(TextSanitizer.clean(text)) {
            let cells = TextWidth.of(piece)
            if used + cells > width, !line.isEmpty {
                lines.append(line)
                line = ""
                used = 0
            }
            if cells <= width {
                line += piece
                used += cells
                continue
            }
            for character in piece {
                let characterCells = TextWidth.of(String(character))
                if used + characterCells > width, !line.isEmpty {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                line.append(character)
                used += characterCells
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` in pieces that each end after a space or an `&` (the last may not).
    private static func pieces(_ text: String) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in text {
            piece.append(character)
            if character == " " || character == "&" {
                pieces.append(piece)
                piece = ""
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }
}
