/// What every command-line output path (not the TUI) makes of text before
/// it is written: `trestle get`, `snapshot`, `auth status`, `serve`'s lines
/// and the CLI's errors, all through ``OutputSink``.
///
/// The rule, shared with ``TextSanitizer`` (one notion of a control
/// character): no C0 control but TAB and LF, no DEL or C1 control
/// (U+007F–U+009F), so no ESC and no sequence it starts (a window title,
/// OSC 52's clipboard, a cursor move).
/// - ``Kind/text``: each such character → `�` (U+FFFD); a CR before an LF is
///   dropped (CR LF → LF), any other CR → `�`.
/// - ``Kind/csv``: the same, but a CR stays: the CSV writer quotes every
///   cell holding one, so it is only ever inside a quoted cell.
/// - ``Kind/json``: JSON text as `JSONWriter` writes it (C0 controls inside
///   strings already escaped); DEL and C1 controls become `\u007f` … `\u009f`
///   — the same JSON value, in bytes no terminal acts on.
public enum OutputText {
    /// What the text is, which decides what a control becomes.
    public enum Kind: Sendable {
        case text, csv, json
    }

    /// `s` as it may reach a terminal.
    public static func clean(_ s: String, as kind: Kind = .text) -> String {
        if isClean(s, as: kind) { return s }
        var result = String.UnicodeScalarView()
        let scalars = Array(s.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let v = scalar.value
            switch v {
            case 0x09, 0x0A:
                result.append(scalar)
            case 0x0D where kind == .csv:
                result.append(scalar)
            case 0x0D where index + 1 < scalars.count && scalars[index + 1] == "\n":
                continue
            case _ where TextSanitizer.isControl(v):
                if kind == .json {
                    result.append(contentsOf: jsonEscape(v).unicodeScalars)
                } else {
                    result.append(TextSanitizer.controlMarker)
                }
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `s` can be written as it is.
    public static func isClean(_ s: String, as kind: Kind = .text) -> Bool {
        for byte in s.utf8 {
            switch byte {
            case 0x09, 0x0A: continue
            case 0x0D: if kind != .csv { return false }
            // U+0080–U+009F are C2 80 … C2 9F in UTF-8.
            case 0xC2, 0x7F: return false
            case _ where byte < 0x20: return false
            default: continue
            }
        }
        return true
    }

    private static func jsonEscape(_ v: UInt32) -> String {
        let hex: [Character] = Array("0123456789abcdef")
        return "\\u00" + String(hex[Int((v >> 4) & 0xF)]) + String(hex[Int(v & 0xF)])
    }
}
