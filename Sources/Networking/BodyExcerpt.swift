import Foundation

/// Turns untrusted text (a response body, a server's description) into one
/// safe line: control characters become spaces, runs of whitespace collapse,
/// and the result is cut to a maximum length with an ellipsis.
public enum BodyExcerpt {
    /// The longest excerpt, in characters.
    public static let maxLength = 120

    /// A one-line excerpt of `body`, decoded as UTF-8 (invalid bytes replaced).
    public static func make(from body: Data, maxLength: Int = maxLength) -> String {
        make(from: String(decoding: body.prefix(4 * maxLength + 16), as: UTF8.self), maxLength: maxLength)
    }

    /// A one-line excerpt of `text`.
    public static func make(from text: String, maxLength: Int = maxLength) -> String {
        var line = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isControl =
                scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format && scalar.value != 0x200D
            if isControl || scalar.properties.isWhitespace {
                pendingSpace = !line.isEmpty
                continue
            }
            if pendingSpace {
                line.unicodeScalars.append(" ")
                pendingSpace = false
            }
            line.unicodeScalars.append(scalar)
        }
        guard line.count > maxLength else { return line }
        return String(line.prefix(maxLength - 1)) + "…"
    }
}
