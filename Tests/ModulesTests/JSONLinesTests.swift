import TerminalUI
import Testing

@testable import Modules

@Suite("JSON rendering for the detail screen")
struct JSONLinesTests {
    @Test func nestedObjectsArePrettyPrintedWithRoles() {
        let lines = JSONLines.render([
            DetailField("id", .number("3")),
            DetailField("address", .object([DetailField("city", .string("Zürich"))])),
            DetailField("done", .bool(true)),
        ])
        let text = lines.map { $0.map(\.text).joined() }
        #expect(
            text == [
                "{", "  \"id\": 3,", "  \"address\": {", "    \"city\": \"Zürich\"", "  },", "  \"done\": true", "}",
            ])
        #expect(lines[1].contains { $0.role == .jsonKey && $0.text == "\"id\"" })
        #expect(lines[1].contains { $0.role == .jsonNumber })
        #expect(lines[5].contains { $0.role == .jsonBool })
    }

    /// A long value goes on in indented lines, none wider than the screen,
    /// and nothing of it is lost (wide CJK characters included).
    @Test func longValuesWrapWithinTheWidthAndLoseNothing() {
        let body = String(repeating: "lorem ipsum ", count: 12) + "日本語のテキスト" + String(repeating: "é", count: 30)
        let lines = JSONLines.render([DetailField("id", .number("1")), DetailField("body", .string(body))])
        for width in [20, 33, 80] {
            let wrapped = JSONLines.wrap(lines, width: width)
            #expect(wrapped.count > lines.count)
            for line in wrapped { #expect(TextWidth.of(line.map(\.text).joined()) <= width, "width \(width)") }
            let bodyLines = wrapped.drop { !$0.map(\.text).joined().contains("\"body\"") }.dropLast()
            let rejoined = bodyLines.enumerated().map { index, line in
                let text = line.map(\.text).joined()
                return index == 0 ? text : String(text.dropFirst(4))  // the continuation indent
            }.joined()
            #expect(rejoined.contains(body), "width \(width)")
            #expect(bodyLines.dropFirst().allSatisfy { $0.first?.text == "    " })
            #expect(
                bodyLines.dropFirst().allSatisfy {
                    $0.dropFirst().allSatisfy { $0.role == .jsonString || $0.role == .jsonPunctuation }
                })
        }
        #expect(JSONLines.wrap(lines, width: 400).count == lines.count)
    }

    @Test func controlCharactersInValuesNeverReachTheScreen() {
        let lines = JSONLines.render([DetailField("title", .string("evil\u{1B}[2Jtext"))])
        let text = lines.map { $0.map(\.text).joined() }.joined()
        #expect(!text.contains("\u{1B}"))
    }
}
