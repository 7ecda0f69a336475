import Foundation
import JSON
import Testing

@Suite struct JSONParserTests {
    @Test func integersStayIntegersAndOtherNumbersAreDoubles() throws {
        let value = try JSONParser.parse(#"[1, -7, 1.5, 2e3, 1E-2, 0, -0.0, 9223372036854775807, 9223372036854775808]"#)
        #expect(value == [1, -7, 1.5, 2000.0, 0.01, 0, -0.0, .int(Int.max), .double(9223372036854775808.0)])
    }

    /// Found by libFuzzer: `2.5e65656` was read as infinity, which the
    /// writer writes back as `null`. Refused, as Foundation refuses it.
    @Test(arguments: ["2.5e65656", "1e400", "-1e400", #"{"id":1e999}"#, #"{"a":1e400,"a":null}"#])
    func aNumberBeyondDoubleIsRefused(_ text: String) {
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            "\(error)".contains("number too large")
        }
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let value = try JSONParser.parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude80""#)
        #expect(value == .string("a\"b\\c/d\n\té🚀"))
    }

    @Test func loneSurrogateBecomesReplacementCharacter() throws {
        #expect(try JSONParser.parse(#""\ud800x""#) == .string("\u{FFFD}x"))
    }

    @Test func objectsKeepKeyOrderAndLastDuplicateWins() throws {
        let value = try JSONParser.parse(#"{"b": 1, "a": 2, "b": 3}"#)
        #expect(value.objectValue?.keys == ["b", "a"])
        #expect(value["b"] == 3)
    }

    @Test func utf8TextSurvives() throws {
        #expect(try JSONParser.parse(#"["日本語 👩‍💻 café"]"#) == ["日本語 👩‍💻 café"])
    }

    @Test func errorNamesReasonLineAndColumn() {
        let error = #expect(throws: JSONParseError.self) {
            try JSONParser.parse("{\n  \"a\": 1\n    \"b\": 2}")
        }
        #expect(error?.reason == "expected ',' or '}'")
        #expect(error?.line == 3)
        #expect(error?.column == 5)
    }

    @Test(arguments: [
        "", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"abc", "\"\t\"", "[1] 2", "\"\\x\"", "{\"a\":}",
    ])
    func invalidTextIsRejected(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test func nestingDeeperThanTheLimitIsRejected() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? JSONParser.parse(fine)) != nil)
    }

    @Test func errorDescriptionReadsNaturally() throws {
        do {
            _ = try JSONParser.parse("[1 2]")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "expected ',' or ']' at line 1, column 4")
        }
    }
}
