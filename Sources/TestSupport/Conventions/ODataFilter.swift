import Foundation
import JSON

/// A `$filter` expression as the ``ODataTestServer`` reads it: comparisons
/// (`Price gt 5`, `Name eq 'Chai 1'`, `CategoryID eq null`), `contains`,
/// `startswith`, `endswith` (case told apart, as OData's are) of a property
/// or of its `tolower()`/`toupper()`, `and`, `or`, `not` and parentheses.
indirect enum ODataFilter {
    case compare(property: String, op: String, literal: JSONValue)
    /// `contains(Name,'x')`; `casing` is `tolower` or `toupper` when the
    /// property is wrapped in one (`contains(tolower(Name),'x')`).
    case function(name: String, property: String, casing: String?, text: String)
    case and(ODataFilter, ODataFilter)
    case or(ODataFilter, ODataFilter)
    case not(ODataFilter)

    /// Why an expression cannot be read.
    struct Problem: Error {
        var message: String
    }

    static let operators: Set<String> = ["eq", "ne", "lt", "le", "gt", "ge"]
    static let functions: Set<String> = ["contains", "startswith", "endswith"]
    static let casings: Set<String> = ["tolower", "toupper"]

    /// Reads `text`; every property must be one of `properties`.
    static func parse(_ text: String, properties: Set<String>) throws(Problem) -> ODataFilter {
        var parser = Parser(tokens: try tokens(text), properties: properties)
        let filter = try parser.expression()
        guard parser.position == parser.tokens.count else {
            throw Problem(message: "unexpected '\(parser.tokens[parser.position].text)' in $filter")
        }
        return filter
    }

    func matches(_ entity: JSONObject) -> Bool {
        switch self {
        case .compare(let property, let op, let literal):
            let order = ConventionValues.compare(entity[property], literal)
            switch op {
            case "eq": return order == 0
            case "ne": return order != 0
            case "lt": return order < 0 && !(entity[property]?.isNull ?? true)
            case "le": return order <= 0 && !(entity[property]?.isNull ?? true)
            case "gt": return order > 0
            default: return order >= 0
            }
        case .function(let name, let property, let casing, let text):
            let original = ConventionValues.text(entity[property])
            let value =
                casing == "tolower" ? original.lowercased() : casing == "toupper" ? original.uppercased() : original
            switch name {
            case "contains": return value.contains(text)
            case "startswith": return value.hasPrefix(text)
            default: return value.hasSuffix(text)
            }
        case .and(let lhs, let rhs): return lhs.matches(entity) && rhs.matches(entity)
        case .or(let lhs, let rhs): return lhs.matches(entity) || rhs.matches(entity)
        case .not(let inner): return !inner.matches(entity)
        }
    }

    struct Token {
        enum Kind { case word, number, string, open, close, comma }
        var kind: Kind
        var text: String
    }

    static func tokens(_ text: String) throws(Problem) -> [Token] {
        var result: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == " " {
                index = text.index(after: index)
            } else if "(),".contains(character) {
                let kind: Token.Kind = character == "(" ? .open : (character == ")" ? .close : .comma)
                result.append(Token(kind: kind, text: String(character)))
                index = text.index(after: index)
            } else if character == "'" {
                var value = ""
                index = text.index(after: index)
                while true {
                    guard index < text.endIndex else { throw Problem(message: "unterminated string in $filter") }
                    if text[index] == "'" {
                        let next = text.index(after: index)
                        if next < text.endIndex, text[next] == "'" {
                            value.append("'")
                            index = text.index(after: next)
                            continue
                        }
                        index = next
                        break
                    }
                    value.append(text[index])
                    index = text.index(after: index)
                }
                result.append(Token(kind: .string, text: value))
            } else {
                var word = ""
                while index < text.endIndex, !" (),'".contains(text[index]) {
                    word.append(text[index])
                    index = text.index(after: index)
                }
                let isNumber = Double(word) != nil
                result.append(Token(kind: isNumber ? .number : .word, text: word))
            }
        }
        return result
    }

    /// Recursive descent: or → and → not → primary.
    struct Parser {
        let tokens: [Token]
        let properties: Set<String>
        var position = 0

        mutating func expression() throws(Problem) -> ODataFilter {
            var left = try conjunction()
            while peek("or") {
                position += 1
                left = .or(left, try conjunction())
            }
            return left
        }

        mutating func conjunction() throws(Problem) -> ODataFilter {
            var left = try negation()
            while peek("and") {
                position += 1
                left = .and(left, try negation())
            }
            return left
        }

        mutating func negation() throws(Problem) -> ODataFilter {
            if peek("not") {
                position += 1
                return .not(try negation())
            }
            return try primary()
        }

        mutating func primary() throws(Problem) -> ODataFilter {
            let token = try next()
            if token.kind == .open {
                let inner = try expression()
                guard try next().kind == .close else { throw Problem(message: "expected ) in $filter") }
                return inner
            }
            guard token.kind == .word else { throw Problem(message: "unexpected '\(token.text)' in $filter") }
            if ODataFilter.functions.contains(token.text) {
                guard try next().kind == .open else { throw Problem(message: "expected ( after \(token.text)") }
                let (property, casing) = try argument()
                guard try next().kind == .comma else { throw Problem(message: "expected , in \(token.text)") }
                let argument = try next()
                guard argument.kind == .string, try next().kind == .close else {
                    throw Problem(message: "\(token.text) takes a property and a string")
                }
                return .function(name: token.text, property: property, casing: casing, text: argument.text)
            }
            let property = try propertyName(token)
            let op = try next()
            guard op.kind == .word, ODataFilter.operators.contains(op.text) else {
                throw Problem(message: "unknown operator '\(op.text)' in $filter")
            }
            return .compare(property: property, op: op.text, literal: try literal(try next()))
        }

        /// A function's first argument: a property, or `tolower(Property)`/`toupper(Property)`.
        mutating func argument() throws(Problem) -> (property: String, casing: String?) {
            let token = try next()
            guard token.kind == .word, ODataFilter.casings.contains(token.text) else {
                return (try propertyName(token), nil)
            }
            guard try next().kind == .open else { throw Problem(message: "expected ( after \(token.text)") }
            let property = try propertyName(try next())
            guard try next().kind == .close else { throw Problem(message: "expected ) after \(token.text)") }
            return (property, token.text)
        }

        func literal(_ token: Token) throws(Problem) -> JSONValue {
            switch token.kind {
            case .string: return .string(token.text)
            case .number: return Int(token.text).map(JSONValue.int) ?? .double(Double(token.text) ?? 0)
            case .word where token.text == "true": return .bool(true)
            case .word where token.text == "false": return .bool(false)
            case .word where token.text == "null": return .null
            case .word where token.text.first?.isNumber == true && token.text.contains("-"):
                return .string(token.text)  // a bare Edm.Date or Edm.DateTimeOffset
            default: throw Problem(message: "'\(token.text)' is not a literal")
            }
        }

        func propertyName(_ token: Token) throws(Problem) -> String {
            guard token.kind == .word, properties.contains(token.text) else {
                throw Problem(message: "could not find a property named '\(token.text)'")
            }
            return token.text
        }

        mutating func next() throws(Problem) -> Token {
            guard position < tokens.count else { throw Problem(message: "$filter ends too early") }
            position += 1
            return tokens[position - 1]
        }

        func peek(_ word: String) -> Bool {
            position < tokens.count && tokens[position].kind == .word && tokens[position].text == word
        }
    }
}
