import Foundation
import JSON
import Testing

@Suite struct JSONWriterTests {
    @Test func prettyOutputMatchesJSONStringifyWithTwoSpaces() {
        let value: JSONValue = ["id": 1, "tags": ["a", "b"], "empty": [], "none": .object([:]), "ok": true, "x": nil]
        let text = String(decoding: JSONWriter.data(value, pretty: true), as: UTF8.self)
        #expect(
            text == """
                {
                  "id": 1,
                  "tags": [
                    "a",
                    "b"
                  ],
                  "empty": [],
                  "none": {},
                  "ok": true,
                  "x": null
                }
                """)
    }

    @Test func compactOutputHasNoWhitespace() {
        #expect(String(decoding: JSONWriter.data(["a": [1, 2]]), as: UTF8.self) == #"{"a":[1,2]}"#)
    }

    @Test func stringsEscapeOnlyWhatJSONRequires() {
        let text = String(decoding: JSONWriter.data(.string("q\"b\\ t\tn\n\u{1}é🚀/")), as: UTF8.self)
        #expect(text == #""q\"b\\ t\tn\n\u0001é🚀/""#)
    }

    @Test func numbersRoundTrip() throws {
        let value: JSONValue = [.int(Int.min), 0.1, 1e300, -2.5, 3.0]
        #expect(try JSONParser.parse(JSONWriter.data(value)) == value)
        #expect(String(decoding: JSONWriter.data(.int(-42)), as: UTF8.self) == "-42")
    }

    @Test func nonFiniteDoublesBecomeNull() {
        #expect(String(decoding: JSONWriter.data([.double(.nan)]), as: UTF8.self) == "[null]")
    }
}
