/// A `%d` (a whole number) or `%@` (a string) in a text, with its argument
/// position (`%2$@` names the position; unnumbered ones count up from 1).
struct Placeholder: Hashable, Comparable {
    enum Kind: String { case int = "d", string = "@" }

    var position: Int
    var kind: Kind

    static func < (lhs: Placeholder, rhs: Placeholder) -> Bool { lhs.position < rhs.position }

    /// The placeholders of `text`, sorted by position and each position once.
    static func parse(_ text: String, key: String) throws -> [Placeholder] {
        var found: Set<Placeholder> = []
        var next = 1
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { continue }
            var digits = ""
            var symbol = characters.next()
            while let digit = symbol, digit.isASCII, digit.isNumber {
                digits.append(digit)
                symbol = characters.next()
            }
            var position = next
            if !digits.isEmpty {
                guard symbol == "$", let number = Int(digits), number > 0 else {
                    throw GeneratorError("\(key): write a numbered placeholder as %1$d or %1$@ in “\(text)”")
                }
                position = number
                symbol = characters.next()
            } else if symbol == "%" {
                continue
            } else {
                next += 1
            }
            guard let symbol, let kind = Kind(rawValue: String(symbol)) else {
                throw GeneratorError("\(key): only %d, %@ and %% are placeholders, in “\(text)”")
            }
            found.insert(Placeholder(position: position, kind: kind))
        }
        let sorted = found.sorted()
        guard Set(sorted.map(\.position)).count == sorted.count else {
            throw GeneratorError("\(key): one position with two types in “\(text)”")
        }
        return sorted
    }
}
