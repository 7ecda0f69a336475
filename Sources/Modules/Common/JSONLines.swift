import TerminalUI

/// Pretty-prints fields as JSON lines of coloured spans (2-space indent),
/// the way the detail screen shows a record.
public enum JSONLines {
    public typealias Span = (text: String, role: Role)

    /// The same JSON as plain text (for the clipboard).
    public static func text(_ fields: [DetailField]) -> String {
        render(fields).map { $0.map(\.text).joined() }.joined(separator: "\n")
    }

    public static func render(_ fields: [DetailField]) -> [[Span]] {
        var lines: [[Span]] = []
        appendObject(fields, indent: 0, prefix: [], suffix: "", into: &lines)
        return lines
    }

    /// Any JSON value (an array as well as an object), pretty-printed.
    public static func render(value: DetailValue) -> [[Span]] {
        var lines: [[Span]] = []
        appendValue(value, indent: 0, prefix: [], suffix: "", into: &lines)
        return lines
    }

    private static func appendObject(
        _ fields: [DetailField], indent: Int, prefix: [Span], suffix: String, into lines: inout [[Span]]
    ) {
        if fields.isEmpty {
            lines.append(prefix + [("{}" + suffix, .jsonPunctuation)])
            return
        }
        lines.append(prefix + [("{", .jsonPunctuation)])
        for (index, field) in fields.enumerated() {
            let comma = index == fields.count - 1 ? "" : ","
            let key: [Span] = [
                (String(repeating: " ", count: indent + 2), .text),
                ("\"\(TextSanitizer.clean(field.key))\"", .jsonKey), (": ", .jsonPunctuation),
            ]
            appendValue(field.value, indent: indent + 2, prefix: key, suffix: comma, into: &lines)
        }
        lines.append([(String(repeating: " ", count: indent), .text), ("}" + suffix, .jsonPunctuation)])
    }

    private static func appendValue(
        _ value: DetailValue, indent: Int, prefix: [Span], suffix: String, into lines: inout [[Span]]
    ) {
        switch value {
        case .object(let fields):
            appendObject(fields, indent: indent, prefix: prefix, suffix: suffix, into: &lines)
        case .array(let items):
            if items.isEmpty {
                lines.append(prefix + [("[]" + suffix, .jsonPunctuation)])
                return
            }
            lines.append(prefix + [("[", .jsonPunctuation)])
            for (index, item) in items.enumerated() {
                let comma = index == items.count - 1 ? "" : ","
                appendValue(
                    item, indent: indent + 2, prefix: [(String(repeating: " ", count: indent + 2), .text)],
                    suffix: comma, into: &lines)
            }
            lines.append([(String(repeating: " ", count: indent), .text), ("]" + suffix, .jsonPunctuation)])
        default:
            lines.append(prefix + [scalar(value), (suffix, .jsonPunctuation)])
        }
    }

    private static func scalar(_ value: DetailValue) -> Span {
        switch value {
        case .string(let text): return ("\"\(TextSanitizer.clean(escape(text)))\"", .jsonString)
        case .number(let text): return (text, .jsonNumber)
        case .bool(let flag): return (flag ? "true" : "false", .jsonBool)
        case .null: return ("null", .jsonNull)
        case .object, .array: return ("", .text)
        }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }

    /// `lines` folded to `width` cells: a line too long goes on in further
    /// lines, indented two more than it, so long strings (a post's body)
    /// can be read in full.
    public static func wrap(_ lines: [[Span]], width: Int) -> [[Span]] {
        guard width > 8 else { return lines }
        var wrapped: [[Span]] = []
        wrapped.reserveCapacity(lines.count)
        for line in lines {
            let total = line.reduce(0) { $0 + TextWidth.of($1.text) }
            guard total > width else {
                wrapped.append(line)
                continue
            }
            let leading = line.first.map { $0.text.prefix { $0 == " " }.count } ?? 0
            let indent = String(repeating: " ", count: min(leading + 2, width / 2))
            var current: [Span] = []
            var used = 0
            var fresh = true  // nothing but the indent on the current line yet
            for span in line {
                var rest = Substring(span.text)
                while !rest.isEmpty {
                    var piece = TextWidth.fittingPrefix(String(rest), width: width - used).0
                    if piece.isEmpty {
                        guard fresh else {
                            // The next character does not fit: go on in the next line.
                            wrapped.append(current)
                            (current, used, fresh) = ([(indent, .text)], indent.count, true)
                            continue
                        }
                        piece = String(rest.prefix(1))  // wider than a whole line: drawn cut
                    }
                    current.append((piece, span.role))
                    used += TextWidth.of(piece)
                    fresh = false
                    rest = rest.dropFirst(piece.count)
                    if !rest.isEmpty {
                        wrapped.append(current)
                        (current, used, fresh) = ([(indent, .text)], indent.count, true)
                    }
                }
            }
            if !current.isEmpty { wrapped.append(current) }
        }
        return wrapped
    }
}
