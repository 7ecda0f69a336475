import Foundation
import JSON
import Testing

/// A JSON text checked whole but not parsed (``JSONText``): the same
/// verdict and the same error as parsing it, its objects read a level at a
/// time, a value parsed where it lies.
@Suite struct JSONTextTests {
    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "[1,,2]", #"{"a" 1}"#, #"{"a":}"#, #"{a:1}"#, #"{"a":1,}"#, #"{"a":1 "b":2}"#,
        #"["\u12x4"]"#, "[\"a\u{1}\"]", #"["a\q"]"#, #""unterminated"#, "[01]", "[1.]", "[1e]", "[-]", "[tru]",
        "[nul]", "[1e400]", "{} {}", "[1] x", #"{"a":[1,2}"#, #"{"a":{"b":1]}"#, "[\"\\ud800\\u12\"]",
    ])
    func aWrongTextFailsAsParsingItFails(_ text: String) {
        let data = Data(text.utf8)
        var parsed: JSONParseError?
        do { _ = try JSONParser.parse(data) } catch { parsed = error }
        var checked: JSONParseError?
        do { _ = try JSONText(checking: data) } catch { checked = error }
        #expect(parsed != nil)
        #expect(
            checked == parsed, "\(text): checked \(String(describing: checked)), parsed \(String(describing: parsed))")
    }

    @Test func nestingPastTheLimitIsRefused() {
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: JSONParseError.self) { _ = try JSONText(checking: Data(deep.utf8)) }
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { _ = try JSONText(checking: Data(fine.utf8)) }
    }

    @Test func membersKeepTheirOrderAndTheLastRepeatedValue() throws {
        let text = try JSONText(
            checking: Data(#"  {"b": [1, {"x": "}"}], "a\u00e9": "v\"", "b": {"c": null}, "n": -1.5e3 } "#.utf8))
        let members = try #require(text.members(of: text.root))
        #expect(members.map(\.key) == ["b", "aé", "n"])
        #expect(text.value(members[0].range) == ["c": nil])
        #expect(text.value(members[1].range) == "v\"")
        #expect(text.value(members[2].range) == .double(-1500))
        #expect(text.members(of: members[1].range) == nil)
        #expect(text.elements(of: members[0].range) == nil)
        let empty = try JSONText(checking: Data(" { \n} ".utf8))
        #expect(empty.members(of: empty.root) == [])
    }

    @Test func elementsAreFoundWhereTheyLie() throws {
        let text = try JSONText(checking: Data(#"[ 1 , "a,b" ,{"k":[2,3]}, [] ,true]"#.utf8))
        let elements = try #require(text.elements(of: text.root))
        #expect(elements.map { text.value($0) } == [1, "a,b", ["k": [2, 3]], [], true])
        #expect(text.elements(of: elements[3]) == [])
        var written: [UInt8] = []
        text.append(elements[2], to: &written)
        #expect(String(decoding: written, as: UTF8.self) == #"{"k":[2,3]}"#)
    }

    @Test func aNeedleIsFoundInARangeOnly() throws {
        let text = try JSONText(checking: Data(#"{"a": {"$ref": "x"}, "b": 1}"#.utf8))
        let members = try #require(text.members(of: text.root))
        #expect(text.contains("$ref"))
        #expect(text.contains("$ref", in: members[0].range))
        #expect(!text.contains("$ref", in: members[1].range))
    }
}
