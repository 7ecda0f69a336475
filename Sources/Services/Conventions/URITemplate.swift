import Foundation

/// An RFC 6570 URI template, levels 1–3 (`/books{?page,size,sort}`,
/// `{+base}/x`, `{/id}`, `{;x}`, `{.fmt}`, `{#frag}`, `{&more}`), expanded
/// with string values; variables without a value are left out.
public struct URITemplate: Sendable, Hashable {
    public let text: String

    public init(_ text: String) { self.text = text }

    /// Whether the text has any `{…}` expression.
    public var isTemplated: Bool { text.contains("{") }

    /// The template with `values` put in (missing ones drop out, and so
    /// does an expression whose variables all are missing).
    public func expand(_ values: [String: String] = [:]) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                result += rest[open...]
                return result
            }
            result += Self.expression(rest[rest.index(after: open)..<close], values)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The variable names, in order (`{?page,size,sort}` → page, size, sort).
    public var variables: [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            var body = rest[rest.index(after: open)..<close]
            if let first = body.first, Self.operators.contains(first) { body = body.dropFirst() }
            names += body.split(separator: ",").map { String($0.prefix { $0 != ":" && $0 != "*" }) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    private static let operators: Set<Character> = ["+", "#", ".", "/", ";", "?", "&"]

    private static func expression(_ body: Substring, _ values: [String: String]) -> String {
        var names = body
        var op: Character?
        if let first = body.first, operators.contains(first) {
            op = first
            names = body.dropFirst()
        }
        let style = Style(op)
        var parts: [String] = []
        for spec in names.split(separator: ",") {
            let name = String(spec.prefix { $0 != ":" && $0 != "*" })
            guard var value = values[name] else { continue }
            if let colon = spec.firstIndex(of: ":"), let length = Int(spec[spec.index(after: colon)...]) {
                value = String(value.prefix(length))
            }
            let encoded = encode(value, reserved: style.allowsReserved)
            if style.named {
                parts.append(value.isEmpty ? name + style.ifEmpty : name + "=" + encoded)
            } else {
                parts.append(encoded)
            }
        }
        guard !parts.isEmpty else { return "" }
        return style.first + parts.joined(separator: style.separator)
    }

    /// How one operator expands (RFC 6570 appendix A).
    private struct Style {
        var first = ""
        var separator = ","
        var named = false
        var ifEmpty = ""
        var allowsReserved = false

        init(_ op: Character?) {
            switch op {
            case "+": allowsReserved = true
            case "#": (first, allowsReserved) = ("#", true)
            case ".": (first, separator) = (".", ".")
            case "/": (first, separator) = ("/", "/")
            case ";": (first, separator, named) = (";", ";", true)
            case "?": (first, separator, named, ifEmpty) = ("?", "&", true, "=")
            case "&": (first, separator, named, ifEmpty) = ("&", "&", true, "=")
            default: break
            }
        }
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    private static let reserved = unreserved.union(CharacterSet(charactersIn: ":/?#[]@!$&'()*+,;="))

    private static func encode(_ value: String, reserved allowsReserved: Bool) -> String {
        value.addingPercentEncoding(withAllowedCharacters: allowsReserved ? reserved : unreserved) ?? value
    }
}
