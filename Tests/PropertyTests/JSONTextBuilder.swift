/// Builds JSON texts from a `ByteSource`: mostly valid documents made of
/// the pieces parsers get wrong (escapes, surrogates, big and negative
/// numbers, exponents, canonically equivalent keys, odd whitespace), then,
/// when the source says so, a few byte-level mutations that make most of
/// them invalid in some small way.
struct JSONTextBuilder {
    private var source: ByteSource

    init(_ bytes: [UInt8]) { source = ByteSource(bytes) }

    static let numbers = [
        "0", "-0", "1", "-1", "42", "0.5", "-0.0", "1e3", "1E-7", "2.5e+10", "1e400", "-1e400", "1e-400",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "123456789012345678901234567890", "0.1", "3.141592653589793", "1.7976931348623157e308", "5e-324",
        "01", "1.", ".5", "+1", "1e", "-", "0x10", "1_000", "Infinity", "NaN",
    ]
    static let stringPieces = [
        "a", "title", " ", "é", "e\u{301}", "中文", "😀", "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\u00e9",
        "\\u0065\\u0301", "\\ud83d\\ude00", "\\ud800", "\\udc00", "\\ud800x", "\\u0000", "\\u001b[2J", "\u{1B}",
        "\t", "\\x", "\\u12", "\u{7F}", "\u{85}", "\u{202E}", "\u{FEFF}", "\u{10FFFF}",
    ]
    static let keys = ["id", "title", "é", "e\u{301}", "", "a b", "\\u0069d", "ID"]
    static let whitespace = ["", " ", "\n", "\t", "\r\n", "  ", "\u{0B}", "\u{A0}"]
    /// Bytes a mutation inserts: the structural ones, then some others (no NUL:
    /// Foundation reads a text with NULs near its start as UTF-16 or UTF-32).
    static let insertions: [UInt8] = Array("{}[],:\"\\ 0123456789eE+-.tfnu".utf8) + [0x0A, 0x7F, 0x80, 0xC3, 0xFF]

    /// The text, as bytes.
    mutating func bytes() -> [UInt8] {
        var text = Array(value(depth: 0).utf8)
        let mutations = source.choose(4) == 0 ? source.choose(3) + 1 : 0
        for _ in 0..<mutations where !text.isEmpty {
            let position = source.choose(text.count + 1)
            switch source.choose(3) {
            case 0: text.insert(source.pick(Self.insertions), at: position)
            case 1: if position < text.count { text.remove(at: position) }
            default: if position < text.count { text[position] = source.pick(Self.insertions) }
            }
        }
        return text
    }

    private mutating func space() -> String { source.choose(3) == 0 ? source.pick(Self.whitespace) : "" }

    private mutating func value(depth: Int) -> String {
        let kinds = depth >= 4 ? 6 : 8
        let text: String
        switch source.choose(kinds) {
        case 0: text = "null"
        case 1: text = source.choose(2) == 0 ? "true" : "false"
        case 2: text = source.pick(Self.numbers)
        case 3: text = String(Int(Int16(bitPattern: UInt16(source.byte()) << 8 | UInt16(source.byte()))))
        case 4, 5: text = string()
        case 6:
            let count = source.choose(4)
            text = "[" + (0..<count).map { _ in value(depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            let count = source.choose(4)
            let members = (0..<count).map { _ in
                "\"\(source.pick(Self.keys))\"" + space() + ":" + space() + value(depth: depth + 1)
            }
            text = "{" + members.joined(separator: ",") + "}"
        }
        return space() + text + space()
    }

    private mutating func string() -> String {
        let count = source.choose(5)
        return "\"" + (0..<count).map { _ in source.pick(Self.stringPieces) }.joined() + "\""
    }
}
