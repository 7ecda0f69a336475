import Foundation
import JSON

/// The resource path of an OData request, read into segments:
/// `Products(5)/Category` → `Products` with key 5, then `Category`.
enum ODataPath {
    struct Segment {
        var name: String
        /// The key in parentheses: `5`, `'o''brien'` (as a string), `ID=5`.
        var key: JSONValue?
    }

    /// The segments of `path` (percent-decoded, without the service root); nil when malformed.
    static func parse(_ path: String) -> [Segment]? {
        var segments: [Segment] = []
        var rest = Substring(path)
        while !rest.isEmpty {
            var name = ""
            while let character = rest.first, character != "(", character != "/" {
                name.append(character)
                rest.removeFirst()
            }
            guard !name.isEmpty else { return nil }
            var key: JSONValue?
            if rest.first == "(" {
                guard let (value, after) = keyLiteral(rest.dropFirst()) else { return nil }
                key = value
                rest = after
            }
            segments.append(Segment(name: name, key: key))
            if rest.first == "/" {
                rest.removeFirst()
                guard !rest.isEmpty else { return nil }
            } else if !rest.isEmpty {
                return nil
            }
        }
        return segments
    }

    /// A key literal up to its closing parenthesis: `5)`, `'ann')`, `'o''brien')`, `ID=5)`.
    private static func keyLiteral(_ text: Substring) -> (JSONValue, Substring)? {
        var rest = text
        if let equals = rest.firstIndex(of: "="), let quote = rest.firstIndex(of: "'") ?? rest.firstIndex(of: ")"),
            equals < quote
        {
            rest = rest[rest.index(after: equals)...]
        }
        if rest.first == "'" {
            rest.removeFirst()
            var value = ""
            while let character = rest.first {
                rest.removeFirst()
                if character == "'" {
                    if rest.first == "'" {
                        value.append("'")
                        rest.removeFirst()
                        continue
                    }
                    guard rest.first == ")" else { return nil }
                    return (.string(value), rest.dropFirst())
                }
                value.append(character)
            }
            return nil
        }
        guard let close = rest.firstIndex(of: ")"), let number = Int(rest[..<close]) else { return nil }
        return (.int(number), rest[rest.index(after: close)...])
    }
}
