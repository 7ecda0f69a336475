/// Reads the jq subset (`JQ`) by recursive descent, one token ahead:
///
///     pipe    := comma ('|' comma)*
///     comma   := or (',' or)*
///     or      := and ('or' and)*
///     and     := compare ('and' compare)*
///     compare := postfix (('=='|'!='|'<'|'<='|'>'|'>=') postfix)?
///     postfix := term ('.' NAME | '.' STRING | '.'? '[' ']' | '.'? '[' pipe ']')*
///     term    := '.' | '..' | '.' NAME | '.' STRING | '.'? '[' … ']' | literal
///              | '(' pipe ')' | '[' pipe? ']' | 'select' '(' pipe ')'
///              | 'length' | 'keys' | 'not'
struct JQParser {
    private enum Token: Equatable {
        case dot, dotDot, field(String), leftBracket, rightBracket, leftParen, rightParen
        case pipe, comma, compare(JQComparison), name(String), string(String), number(JSONValue), end
    }

    private static let punctuation: [Character: Token] = [
        "[": .leftBracket, "]": .rightBracket, "(": .leftParen, ")": .rightParen, "|": .pipe, ",": .comma,
    ]

    private var tokens: [(token: Token, column: Int, text: String)] = []
    private var position = 0
    private let depthLimit: Int
    private var depth = 0

    init(_ source: String, depthLimit: Int) throws(JQError) {
        self.depthLimit = depthLimit
        tokens = try Self.tokenize(source)
    }

    private var current: Token { tokens[position].token }
    private var column: Int { tokens[position].column }

    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    private func unexpected() -> JQError {
        let here = tokens[position]
        return here.token == .end ? .unexpectedEnd(column: here.column) : .unexpected(here.text, column: here.column)
    }

    private mutating func expect(_ token: Token) throws(JQError) {
        guard current == token else { throw unexpected() }
        advance()
    }

    mutating func parseProgram() throws(JQError) -> JQExpression {
        let expression = try parsePipe()
        guard current == .end else { throw unexpected() }
        return expression
    }

    private mutating func nested<T>(_ body: (inout JQParser) throws(JQError) -> T) throws(JQError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= depthLimit else { throw .tooDeep(limit: depthLimit) }
        return try body(&self)
    }

    private mutating func parsePipe() throws(JQError) -> JQExpression {
        try nested { parser throws(JQError) in
            var left = try parser.parseComma()
            while parser.current == .pipe {
                parser.advance()
                left = .pipe(left, try parser.parseComma())
            }
            return left
        }
    }

    private mutating func parseComma() throws(JQError) -> JQExpression {
        var left = try parseOr()
        while current == .comma {
            advance()
            left = .comma(left, try parseOr())
        }
        return left
    }

    private mutating func parseOr() throws(JQError) -> JQExpression {
        var left = try parseAnd()
        while current == .name("or") {
            advance()
            left = .or(left, try parseAnd())
        }
        return left
    }

    private mutating func parseAnd() throws(JQError) -> JQExpression {
        var left = try parseCompare()
        while current == .name("and") {
            advance()
            left = .and(left, try parseCompare())
        }
        return left
    }

    private mutating func parseCompare() throws(JQError) -> JQExpression {
        let left = try parsePostfix()
        guard case .compare(let comparison) = current else { return left }
        advance()
        return .compare(comparison, left, try parsePostfix())
    }

    private mutating func parsePostfix() throws(JQError) -> JQExpression {
        var base = try parseTerm()
        while true {
            switch current {
            case .field(let name):
                advance()
                base = .index(base, .literal(.string(name)))
            case .dot:
                // `.["key"]`, `.[0]`, `.[]` or `."key"` after a term.
                advance()
                if case .string(let key) = current {
                    advance()
                    base = .index(base, .literal(.string(key)))
                } else if current == .leftBracket {
                    base = try parseBracket(after: base)
                } else {
                    throw unexpected()
                }
            case .leftBracket:
                base = try parseBracket(after: base)
            default:
                return base
            }
        }
    }

    /// `[]` or `[pipe]` after `base`.
    private mutating func parseBracket(after base: JQExpression) throws(JQError) -> JQExpression {
        try expect(.leftBracket)
        if current == .rightBracket {
            advance()
            return .iterate(base)
        }
        let index = try parsePipe()
        try expect(.rightBracket)
        return .index(base, index)
    }

    private mutating func parseTerm() throws(JQError) -> JQExpression {
        let token = current
        let at = column
        switch token {
        case .dot:
            advance()
            if case .string(let key) = current {
                advance()
                return .index(.identity, .literal(.string(key)))
            }
            if current == .leftBracket { return try parseBracket(after: .identity) }
            return .identity
        case .dotDot:
            advance()
            return .recurse
        case .field(let name):
            advance()
            return .index(.identity, .literal(.string(name)))
        case .string(let text):
            advance()
            return .literal(.string(text))
        case .number(let value):
            advance()
            return .literal(value)
        case .leftParen:
            advance()
            let inner = try parsePipe()
            try expect(.rightParen)
            return inner
        case .leftBracket:
            advance()
            if current == .rightBracket {
                advance()
                return .collect(nil)
            }
            let inner = try parsePipe()
            try expect(.rightBracket)
            return .collect(inner)
        case .name(let name):
            advance()
            switch name {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            case "length": return .length
            case "keys": return .keys
            case "not": return .not
            case "select":
                try expect(.leftParen)
                let condition = try parsePipe()
                try expect(.rightParen)
                return .select(condition)
            case "and", "or":
                throw .unexpected(name, column: at)
            default:
                throw .unknownName(name, column: at)
            }
        default:
            throw unexpected()
        }
    }

    // MARK: - Tokens

    private static func tokenize(_ source: String) throws(JQError) -> [(token: Token, column: Int, text: String)] {
        let characters = Array(source)
        var tokens: [(token: Token, column: Int, text: String)] = []
        var index = 0
        func isNameStart(_ character: Character) -> Bool {
            character == "_" || (character.isASCII && character.isLetter)
        }
        func isNamePart(_ character: Character) -> Bool {
            isNameStart(character) || (character.isASCII && character.isNumber)
        }
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character.isWhitespace {
                index += 1
                continue
            }
            switch character {
            case ".":
                if index + 1 < characters.count, characters[index + 1] == "." {
                    tokens.append((.dotDot, column, ".."))
                    index += 2
                } else if index + 1 < characters.count, isNameStart(characters[index + 1]) {
                    var end = index + 1
                    while end < characters.count, isNamePart(characters[end]) { end += 1 }
                    let name = String(characters[(index + 1)..<end])
                    tokens.append((.field(name), column, "." + name))
                    index = end
                } else {
                    tokens.append((.dot, column, "."))
                    index += 1
                }
            case "[", "]", "(", ")", "|", ",":
                tokens.append((Self.punctuation[character] ?? .end, column, String(character)))
                index += 1
            case "=", "!", "<", ">":
                let two = index + 1 < characters.count ? String(characters[index...(index + 1)]) : ""
                if let comparison = JQComparison(rawValue: two) {
                    tokens.append((.compare(comparison), column, two))
                    index += 2
                } else if let comparison = JQComparison(rawValue: String(character)) {
                    tokens.append((.compare(comparison), column, String(character)))
                    index += 1
                } else {
                    throw .unexpected(String(character), column: column)
                }
            case "\"":
                let (text, end) = try string(characters, from: index)
                tokens.append((.string(text), column, String(characters[index..<end])))
                index = end
            default:
                let negative =
                    character == "-" && index + 1 < characters.count && characters[index + 1].isASCII
                    && characters[index + 1].isNumber
                if negative || (character.isASCII && character.isNumber) {
                    var end = negative ? index + 1 : index
                    while end < characters.count,
                        characters[end].isASCII
                            && (characters[end].isNumber || characters[end] == "."
                                || characters[end] == "e" || characters[end] == "E"
                                || ((characters[end] == "+" || characters[end] == "-") && end > index
                                    && (characters[end - 1] == "e" || characters[end - 1] == "E")))
                    {
                        end += 1
                    }
                    let text = String(characters[index..<end])
                    if let integer = Int(text) {
                        tokens.append((.number(.int(integer)), column, text))
                    } else if let double = Double(text), double.isFinite {
                        tokens.append((.number(.double(double)), column, text))
                    } else {
                        throw .unexpected(text, column: column)
                    }
                    index = end
                } else if isNameStart(character) {
                    var end = index
                    while end < characters.count, isNamePart(characters[end]) { end += 1 }
                    let name = String(characters[index..<end])
                    tokens.append((.name(name), column, name))
                    index = end
                } else {
                    throw .unexpected(String(character), column: column)
                }
            }
        }
        tokens.append((.end, characters.count + 1, ""))
        return tokens
    }

    /// A string literal from the quote at `start`: its text and the index after its closing quote.
    private static func string(_ characters: [Character], from start: Int) throws(JQError) -> (String, Int) {
        var text = ""
        var index = start + 1
        while index < characters.count {
            let character = characters[index]
            if character == "\"" { return (text, index + 1) }
            if character == "\\" {
                guard index + 1 < characters.count else { break }
                let escaped = characters[index + 1]
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "b": text.append("\u{8}")
                case "f": text.append("\u{C}")
                case "\"", "\\", "/": text.append(escaped)
                case "u":
                    let hex = characters.count >= index + 6 ? String(characters[(index + 2)..<(index + 6)]) : ""
                    guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw .unexpected("\\u", column: index + 1)
                    }
                    text.unicodeScalars.append(scalar)
                    index += 6
                    continue
                default:
                    throw .unexpected("\\" + String(escaped), column: index + 1)
                }
                index += 2
                continue
            }
            text.append(character)
            index += 1
        }
        throw .unterminatedString(column: start + 1)
    }
}
