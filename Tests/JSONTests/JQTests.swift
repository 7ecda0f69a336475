import Testing

@testable import JSON

/// The jq subset (`JQ`): a table of expressions and what they output over
/// one input, then the errors (each syntax error names its column) and the bounds.
@Suite struct JQTests {
    static let input = try! JSONParser.parse(
        #"""
        {"id": 7, "title": "Lantern", "done": false, "tags": ["a", "b", "c"],
         "author": {"name": "Ada", "born": 1815, "books": [{"t": "x", "year": 1843}, {"t": "y", "year": 1850}]},
         "weird key": 1, "n": null}
        """#)

    static let cases: [(String, String)] = [
        (
            ".",
            #"{"id":7,"title":"Lantern","done":false,"tags":["a","b","c"],"author":{"name":"Ada","born":1815,"books":[{"t":"x","year":1843},{"t":"y","year":1850}]},"weird key":1,"n":null}"#
        ),
        (".id", "7"),
        (".author.name", #""Ada""#),
        (".tags[0]", #""a""#),
        (".tags[-1]", #""c""#),
        (".tags[9]", "null"),
        (#".["weird key"]"#, "1"),
        (#"."weird key""#, "1"),
        (".missing.deeper", "null"),
        (".tags[]", #""a" "b" "c""#),
        (".author.books[].t", #""x" "y""#),
        (".author.books[] | .year", "1843 1850"),
        (".id, .title", #"7 "Lantern""#),
        (".author.books[] | select(.year > 1845) | .t", #""y""#),
        (".author.books[] | select(.year >= 1843 and .t != \"y\") | .t", #""x""#),
        (".author.books[] | select(.year < 1800 or .t == \"y\") | .t", #""y""#),
        (".done | not", "true"),
        ("[.tags[] | select(. != \"b\")]", #"["a","c"]"#),
        (".tags | length", "3"),
        (".title | length", "7"),
        (".n | length", "0"),
        (".author | keys", #"["books","born","name"]"#),
        (".tags | keys", "[0,1,2]"),
        ("[.. | select(. == 1843)] | length", "1"),
        ("[..] | length", "20"),
        ("1, \"s\", true, false, null", #"1 "s" true false null"#),
        ("null < false, 2 < \"a\", [] > \"z\", 1 == 1.0", "true true true true"),
        ("(.id)", "7"),
    ]

    @Test(arguments: cases)
    func anExpressionOutputsItsValues(expression: String, expected: String) throws {
        let outputs = try JQ(expression).run(Self.input)
        #expect(outputs.map(\.description).joined(separator: " ") == expected, "\(expression)")
    }

    static let syntaxErrors: [(String, JQError)] = [
        (".tags[0]]", .unexpected("]", column: 9)),
        (".a | ]", .unexpected("]", column: 6)),
        (".a |", .unexpectedEnd(column: 5)),
        ("select(.a", .unexpectedEnd(column: 10)),
        (#".a == "open"#, .unterminatedString(column: 7)),
        ("map(.a)", .unknownName("map", column: 1)),
        (".a $x", .unexpected("$", column: 4)),
        (".[1", .unexpectedEnd(column: 4)),
    ]

    @Test(arguments: syntaxErrors)
    func aSyntaxErrorNamesItsColumn(expression: String, expected: JQError) {
        #expect(throws: expected) { try JQ(expression) }
        #expect(expected.column != nil)
    }

    @Test func aValueOfTheWrongKindIsAnError() {
        #expect(throws: JQError.cannotIndex(kind: "number", index: #""x""#)) { try JQ(".id.x").run(Self.input) }
        #expect(throws: JQError.cannotIterate(kind: "string")) { try JQ(".title[]").run(Self.input) }
        #expect(throws: JQError.noSuch(function: "keys", kind: "number")) { try JQ(".id | keys").run(Self.input) }
        #expect(throws: JQError.noSuch(function: "length", kind: "boolean")) {
            try JQ(".done | length").run(Self.input)
        }
    }

    @Test func everythingIsBounded() throws {
        let small = JQ.Limits(expressionLength: 12, depth: 4, steps: 50, outputs: 3)
        #expect(throws: JQError.expressionTooLong(limit: 12)) { try JQ(".author.books", limits: small) }
        #expect(throws: JQError.tooManyOutputs(limit: 3)) { try JQ(".tags[], .id", limits: small).run(Self.input) }
        #expect(throws: JQError.tooDeep(limit: 4)) { try JQ("((((.))))", limits: small) }
        let deep = try JSONParser.parse(String(repeating: "[", count: 100) + String(repeating: "]", count: 100))
        #expect(throws: JQError.tooDeep(limit: 50)) {
            try JQ("..", limits: JQ.Limits(depth: 50)).run(deep)
        }
        let wide = JSONValue.array(Array(repeating: .int(1), count: 1_000))
        #expect(throws: JQError.tooManySteps(limit: 100)) {
            try JQ(".[] | select(. == 1)", limits: JQ.Limits(steps: 100)).run(wide)
        }
    }
}
