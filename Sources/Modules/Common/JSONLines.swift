import TerminalUI
import Translations

/// Pretty-prints fields as JSON lines of coloured spans (2-space indent),
/// the way the detail screen shows a record.
///
/// What one string contributes to the screen is capped at `valueLimit`
/// bytes: a longer value shows its head, ending in `…`, and a line below
/// says how much was left out (`y` copies the record, up to the
/// clipboard's limit). A 5 MB value then costs the screen what 64 KiB do.
public enum JSONLines {
    public typealias Span = (text: String, role: Role)

    /// The most of one string value the screen shows, in UTF-8 bytes
    /// (about 800 lines of 80 cells).
    public static let valueLimit = 64 * 1024

    /// The same JSON as plain text (for the clipboard): every value whole.
    public static func text(_ fields: [DetailField]) -> String {
        var renderer = Renderer(limit: nil)
        renderer.appendObject(fields, indent: 0, prefix: [], suffix: "")
        return renderer.lines.map { $0.map(\.text).joined() }.joined(separator: "\n")
    }

    /// The lines the screen shows, each string value cut at `limit` bytes.
    public static func render(_ fields: [DetailField], limit: Int = valueLimit) -> [[Span]] {
        var renderer = Renderer(limit: limit)
        renderer.appendObject(fields, indent: 0, prefix: [], suffix: "")
        return renderer.lines
    }

    /// A non-empty object or array as rendered: the line that closes it
    /// (it opens on the line it is keyed by) and how many members or items it has.
    public struct Container: Equatable, Sendable {
        public var close: Int
        public var count: Int
        public var isArray: Bool
    }

    /// The lines of `render(_:limit:)` and, by the line each opens on, the
    /// containers among them (for folding).
    public static func outline(_ fields: [DetailField], limit: Int = valueLimit) -> (
        lines: [[Span]], containers: [Int: Container]
    ) {
        var renderer = Renderer(limit: limit)
        renderer.appendObject(fields, indent: 0, prefix: [], suffix: "")
        return (renderer.lines, renderer.containers)
    }

    /// The lines of `render(value:limit:)` and the containers among them.
    public static func outline(value: DetailValue, limit: Int = valueLimit) -> (
        lines: [[Span]], containers: [Int: Container]
    ) {
        var renderer = Renderer(limit: limit)
        renderer.appendValue(value, indent: 0, prefix: [], suffix: "")
        return (renderer.lines, renderer.containers)
    }

    /// Any JSON value (an array as well as an object), pretty-printed, each
    /// string value cut at `limit` bytes.
    public static func render(value: DetailValue, limit: Int = valueLimit) -> [[Span]] {
        var renderer = Renderer(limit: limit)
        renderer.appendValue(value, indent: 0, prefix: [], suffix: "")
        return renderer.lines
    }

    /// The lines as they are made: `limit` cuts long strings (nil: never).
    private struct Renderer {
        let limit: Int?
        var lines: [[Span]] = []
        var containers: [Int: Container] = [:]

        mutating func appendObject(_ fields: [DetailField], indent: Int, prefix: [Span], suffix: String) {
            if fields.isEmpty {
                lines.append(prefix + [("{}" + suffix, .jsonPunctuation)])
                return
            }
            let open = lines.count
            lines.append(prefix + [("{", .jsonPunctuation)])
            for (index, field) in fields.enumerated() {
                let comma = index == fields.count - 1 ? "" : ","
                let key: [Span] = [
                    (String(repeating: " ", count: indent + 2), .text),
                    ("\"\(TextSanitizer.clean(field.key))\"", .jsonKey), (": ", .jsonPunctuation),
                ]
                appendValue(field.value, indent: indent + 2, prefix: key, suffix: comma)
            }
            lines.append([(String(repeating: " ", count: indent), .text), ("}" + suffix, .jsonPunctuation)])
            containers[open] = Container(close: lines.count - 1, count: fields.count, isArray: false)
        }

        mutating func appendValue(_ value: DetailValue, indent: Int, prefix: [Span], suffix: String) {
            switch value {
            case .object(let fields):
                appendObject(fields, indent: indent, prefix: prefix, suffix: suffix)
            case .array(let items):
                if items.isEmpty {
                    lines.append(prefix + [("[]" + suffix, .jsonPunctuation)])
                    return
                }
                let open = lines.count
                lines.append(prefix + [("[", .jsonPunctuation)])
                for (index, item) in items.enumerated() {
                    let comma = index == items.count - 1 ? "" : ","
                    appendValue(
                        item, indent: indent + 2, prefix: [(String(repeating: " ", count: indent + 2), .text)],
                        suffix: comma)
                }
                lines.append([(String(repeating: " ", count: indent), .text), ("]" + suffix, .jsonPunctuation)])
                containers[open] = Container(close: lines.count - 1, count: items.count, isArray: true)
            case .string(let text):
                let (head, cut) = limit.map { TextWidth.head(text, maxBytes: $0) } ?? (text, 0)
                let shown = TextSanitizer.clean(JSONLines.escape(head)) + (cut > 0 ? "…" : "")
                lines.append(prefix + [("\"\(shown)\"", .jsonString), (suffix, .jsonPunctuation)])
                guard cut > 0 else { return }
                let note = Texts.Detail.valueCut(kib: (cut + 1023) / 1024)
                lines.append([(String(repeating: " ", count: indent + 2), .text), (note, .dim)])
            default:
                lines.append(prefix + [JSONLines.scalar(value), (suffix, .jsonPunctuation)])
            }
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
    /// can be read in full; lines break after a space where one fits, never
    /// inside a word that fits a line. One pass over each span (`TextWidth.fold`), so
    /// the cost grows with the text, not with its square. `measure` is the
    /// width of one character (tests count the calls).
    public static func wrap(
        _ lines: [[Span]], width: Int, measure: (Character) -> Int = TextWidth.of
    ) -> [[Span]] {
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
                let pieces = TextWidth.fold(
                    span.text[...], first: width - used, width: width - indent.count, freshFirst: fresh,
                    atSpaces: true, measure: measure)
                for (number, piece) in pieces.enumerated() {
                    if number > 0 {
                        // What follows does not fit: go on in the next line.
                        wrapped.append(current)
                        (current, used, fresh) = ([(indent, .text)], indent.count, true)
                    }
                    guard !piece.text.isEmpty else { continue }
                    current.append((String(piece.text), span.role))
                    used += piece.width
                    fresh = false
                }
            }
            if !current.isEmpty { wrapped.append(current) }
        }
        return wrapped
    }
}
