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

    @Test func controlCharactersInValuesNeverReachTheScreen() {
        let lines = JSONLines.render([DetailField("title", .string("evil\u{1B}[2Jtext"))])
        let text = lines.map { $0.map(\.text).joined() }.joined()
        #expect(!text.contains("\u{1B}"))
    }
}
