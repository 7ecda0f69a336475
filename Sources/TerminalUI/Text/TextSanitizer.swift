/// Makes text from outside (servers, files, users) safe to draw.
///
/// Drawn text must never carry control sequences, change direction, or move
/// the cursor. `clean` maps:
/// - tab → one space (a table cell has no tab stops);
/// - line feed, carriage return, CR LF, U+2028 and U+2029 → `⏎`, so a
///   multi-line value stays on its row and still shows where lines broke;
/// - ESC, every other C0 control, DEL and the C1 controls (U+0080–U+009F)
///   → `�` (U+FFFD), a visible marker that something was removed;
/// - bidirectional overrides, embeddings, isolates and marks
///   (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) → removed.
///
/// Clean strings (the common case) are returned as they are, after one scan.
public enum TextSanitizer {
    /// What a line break becomes.
    public static let lineBreakMarker: Unicode.Scalar = "⏎"
    /// What a removed control character becomes.
    public static let controlMarker: Unicode.Scalar = "\u{FFFD}"

    /// `s` with every control, line break and bidi override made harmless.
    public static func clean(_ s: String) -> String {
        if isClean(s) { return s }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in s.unicodeScalars {
            let v = scalar.value
            defer { previousWasCR = v == 0x0D }
            switch v {
            case 0x09:
                result.append(" ")
            case 0x0A:
                if !previousWasCR { result.append(lineBreakMarker) }
            case 0x0D, 0x2028, 0x2029:
                result.append(lineBreakMarker)
            case _ where isBidiControl(v):
                continue
            case _ where isControl(v):
                result.append(controlMarker)
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `s` can be drawn as it is.
    public static func isClean(_ s: String) -> Bool {
        var allASCII = true
        for byte in s.utf8 {
            if byte < 0x20 || byte == 0x7F { return false }
            if byte >= 0x80 { allASCII = false }
        }
        if allASCII { return true }
        for scalar in s.unicodeScalars where scalar.value >= 0x80 {
            let v = scalar.value
            if isControl(v) || isBidiControl(v) || v == 0x2028 || v == 0x2029 { return false }
        }
        return true
    }

    static func isControl(_ v: UInt32) -> Bool {
        v < 0x20 || (v >= 0x7F && v <= 0x9F)
    }

    static func isBidiControl(_ v: UInt32) -> Bool {
        (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
            || v == 0x200E || v == 0x200F || v == 0x061C
    }
}
