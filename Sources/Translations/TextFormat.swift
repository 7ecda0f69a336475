/// An argument of a text: a whole number (shown grouped for the language,
/// "1,000,000" or "1.000.000") or a string (shown as it is).
public enum TextArgument: Sendable {
    case int(Int)
    case string(String)
}

/// Fills a text's placeholders: `%d`, `%@`, numbered `%2$@`, and `%%` for a percent sign.
public enum TextFormat {
    public static func fill(_ template: String, _ arguments: TextArgument...) -> String {
        fill(template, arguments, language: .current)
    }

    public static func fill(_ template: String, _ arguments: [TextArgument], language: Language) -> String {
        var result = ""
        var next = 0
        var characters = template.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            var digits = ""
            var symbol = characters.next()
            while let digit = symbol, digit.isASCII, digit.isNumber {
                digits.append(digit)
                symbol = characters.next()
            }
            var index = next
            if let number = Int(digits), symbol == "$" {
                index = number - 1
                symbol = characters.next()
            } else if symbol == "%" {
                result.append("%")
                continue
            } else {
                next += 1
            }
            guard symbol == "d" || symbol == "@", arguments.indices.contains(index) else {
                result.append("%" + digits + (symbol.map { String($0) } ?? ""))
                continue
            }
            switch arguments[index] {
            case .int(let number): result += language.number(number)
            case .string(let text): result += text
            }
        }
        return result
    }
}
