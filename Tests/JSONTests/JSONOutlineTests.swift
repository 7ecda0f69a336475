import Foundation
import JSON
import Testing

@Suite struct JSONOutlineTests {
    /// Outlines `text`, then parses every member (each array element on its
    /// own) back into the object a whole parse gives.
    private func reassembled(_ text: String) throws -> JSONValue? {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws -> JSONValue? in
            guard let outline = try JSONOutline.scan(buffer) else { return nil }
            var object = JSONObject()
            for member in outline.members {
                if let elements = member.elements {
                    object[member.name] = .array(
                        try elements.map { start throws in try JSONParser.parseElement(in: buffer, at: start) })
                } else {
                    object[member.name] = try JSONParser.parse(Array(buffer[member.range]))
                }
            }
            return .object(object)
        }
    }

    private func scanError(_ text: String) -> JSONParseError? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> JSONParseError? in
            do {
                _ = try JSONOutline.scan(buffer)
                return nil
            } catch {
                return error as? JSONParseError
            }
        }
    }

    private func parseError(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        #"{"a": [[1, [2, {"x": [3]}]], {"b": {"c": []}}, "s", -1.5e3, true, null], "o": {"k": [1, 2]}, "n": 5}"#,
        #"{"s": ["a \"[quoted]\" ,{", "\\", "\\\"", "x\\\\\"y]", "}{][,", "\/"], "t": "]", "u": false}"#,
        #"{"u": ["日本語 👩‍💻 café", "\u00e9\ud83d\ude80", {"ключ": "значение"}], "é": [1]}"#,
        #"{"a": [], "b": [ ], "c": [[]], "d": [{}], "e": {}, "f": [ [ ] , { } ]}"#,
        "{ \"a\" :\n [ 1 ,\n\t2 ] \r\n , \"b\"\t:\"x\" , \"c\" : [\"y\"\n]\n}\n",
        #"{}"#,
        #"{"a": [1], "a": [2, 3], "b": null}"#,
    ])
    func membersAndElementsParseToWhatAWholeParseGives(_ text: String) throws {
        #expect(try reassembled(text) == JSONParser.parse(text))
    }

    @Test func elementsStartAfterTheBracketOrComma() throws {
        let text = #"{"a": [10, "x" ,{"b":[1,2]}], "b": {"c": [1, 2]}, "n": 7}"#
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            let outline = try #require(try JSONOutline.scan(buffer))
            #expect(outline.members.map(\.name) == ["a", "b", "n"])
            #expect(Array(try #require(outline.members[0].elements)) == [7, 10, 16])
            #expect(outline.members[1].elements == nil)
            #expect(String(decoding: buffer[outline.members[1].range], as: UTF8.self) == #"{"c": [1, 2]}"#)
            #expect(String(decoding: buffer[outline.members[2].range], as: UTF8.self) == "7")
        }
    }

    /// Backslash runs and quotes at every position around the 64-byte blocks
    /// the scan reads: an escaped quote must not end a string, an escaped
    /// backslash must not escape the quote after it.
    @Test func escapesAcrossBlockBoundariesKeepStringsApart() throws {
        var items: [JSONValue] = []
        for padding in 0..<140 {
            for backslashes in 0..<5 {
                let text =
                    String(repeating: "x", count: padding) + String(repeating: "\\", count: backslashes) + "\"],{"
                items.append(.string(text))
                items.append(.array([.int(padding), .string(String(repeating: "\\", count: backslashes))]))
            }
        }
        let text = String(decoding: JSONWriter.bytes(.object(["items": .array(items), "after": [1]])), as: UTF8.self)
        let reassembled = try reassembled(text)
        #expect(try reassembled == JSONParser.parse(text))
        #expect(reassembled?["items"]?.arrayValue?.count == items.count)
    }

    @Test func aTopLevelThatIsNotAnObjectIsLeftToTheParser() throws {
        for text in ["[1, 2]", "  \"text\"", "", "   ", "7"] {
            #expect(try reassembled(text) == nil, "\(text)")
        }
    }

    /// Structural errors name the same reason, line and column as parsing the whole text.
    @Test(arguments: [
        #"{"a": [1, 2}"#,
        #"{"a": [{"b": 1]]}"#,
        "{\"a\": [1,\n 2]",
        "{\"a\": [1,\n 2",
        "{\"a\": [{\"b\": [1,\n",
        "{\"a\": [\"abc, 2]}",
        "{\"a\": [\"a\\\"bc\\\\\", \"d]}",
        #"{"a": [1,, 2]}"#,
        #"{"a": [1, 2,]}"#,
        #"{"a": [,1]}"#,
        #"{"a" 1}"#,
        #"{a: 1}"#,
        #"{"a": [1]} x"#,
        #"{"a": [1] "b": 2}"#,
        #"{"a": [1],}"#,
        #"{"a": "#,
        #"{"a"#,
        "{\"a\": [1],\n \"b\": {\"c\": [}\n}",
        "{\"a\": [1],\n \"b\": {\"c\": ]}",
        "{\"a\": [1],\n \"b\": {\"c\": {]}",
        "{\"a\": [{\"b\": {\n",
        #"{"a": {"b": 1]}"#,
        #"{"a": [1]]}"#,
        "{\"a\": " + String(repeating: "[", count: 600),
        "{\"a\": [" + String(repeating: "{\"b\": [", count: 300),
    ])
    func structuralErrorsMatchAWholeParse(_ text: String) throws {
        let scanned = try #require(scanError(text))
        #expect(scanned == parseError(text))
    }

    @Test func errorsInsideARecordAreFoundWhenTheRecordIsParsed() throws {
        let text = "{\"a\": [{\"n\": 1},\n {\"n\": 01}, {\"n\": 2x}, 3]}"
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            let outline = try #require(try JSONOutline.scan(buffer))
            let elements = try #require(outline.members.first?.elements)
            #expect(elements.count == 4)
            #expect(try JSONParser.parseElement(in: buffer, at: elements[0]) == ["n": 1])
            let leadingZero = #expect(throws: JSONParseError.self) {
                try JSONParser.parseElement(in: buffer, at: elements[1])
            }
            #expect(leadingZero == parseError(text))
            #expect(leadingZero?.line == 2)
            let trailing = #expect(throws: JSONParseError.self) {
                try JSONParser.parseElement(in: buffer, at: elements[2])
            }
            #expect(trailing?.reason == "expected ',' or '}'")
            #expect(try JSONParser.parseElement(in: buffer, at: elements[3]) == 3)
        }
    }

    @Test func aMappedFileOutlinesAsItsBytesDo() throws {
        // Over 8 MB, so the scan releases pages behind itself.
        var text = "{\"todos\": ["
        for id in 1...110_000 {
            if id > 1 { text += ", " }
            text +=
                "{\"id\": \(id), \"title\": \"todo \\\"\(id)\\\" [with] {brackets}, commas\", \"done\": \(id % 2 == 0)}"
        }
        text += "], \"profile\": {\"name\": \"x\"}}"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("outline-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try #require(MappedFile(path: url.path))
        #expect(file.bytes.count > 1 << 23)
        let outline = try #require(try JSONOutline.scan(file))
        let elements = try #require(outline.members.first?.elements)
        #expect(elements.count == 110_000)
        let last = try JSONParser.parseElement(in: file.bytes, at: elements[109_999])
        #expect(last["title"] == "todo \"110000\" [with] {brackets}, commas")
        #expect(outline.members.map(\.name) == ["todos", "profile"])
    }
}
