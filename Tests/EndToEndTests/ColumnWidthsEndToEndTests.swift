import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Issue 37 item 5: columns sized by their data. Notes with a UUID id,
    /// a five-letter `kind` and a long `note`, served by `trestle serve
    /// --data`, on a 140-column terminal: the UUID is whole, `kind` is no
    /// wider than its longest value and title, and `note` takes the rest
    /// (a UUID was cut to 13 cells while the next column took 100; a
    /// 5-letter `kind` took 52 cells while the note beside it was cut).
    @Suite
    struct ColumnWidthsEndToEndTests {
        static func uuid(_ number: Int) -> String {
            String(format: "%08lx-4c1b-4a57-9f0e-%012lx", 0x9268_93ed + number, 0x3f0e_2b7c_1d44 + number)
        }

        static let kinds = ["alert", "info", "todo", "idea"]

        static func note(_ number: Int) -> String {
            "note \(number): " + String(repeating: "a long remark about the weather and the sea ", count: 6)
        }

        static func data() -> Data {
            let notes = (1...40).map { number in
                #"{"id": "\#(uuid(number))", "kind": "\#(kinds[number % 4])", "note": "\#(note(number))"}"#
            }
            return Data((#"{"notes": ["# + notes.joined(separator: ",\n") + "]}\n").utf8)
        }

        @Test func aWholeUUIDANarrowKindAndTheNoteTakesTheRest() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = home.root.appendingPathComponent("notes.json")
            try Self.data().write(to: file)
            let server = try ServeProcess(copying: file)
            defer { server.stop() }
            let app = try RunningApp(
                ["--env", "development", "--base-url", server.url.absoluteString, "--delay", "0"], cols: 140)
            defer { app.stop() }
            try await app.session.eventually("the start screen or a list") { $0.contains("notes") }
            try await app.command("notes")
            let screen = try await app.session.eventually("the notes") { $0.contains("note 1: a long remark") }
            let lines = screen.components(separatedBy: "\n")
            // Every row's UUID whole.
            let row = try #require(lines.first { $0.contains("note 1: ") }, "\(screen)")
            #expect(row.contains(Self.uuid(1)), "\(row)")
            // The header: `kind` no wider than "alert" and a space (its title
            // "Kind" is shorter), the note starting right after it.
            let header = try #require(lines.first { $0.contains("Kind") && $0.contains("Note") }, "\(screen)")
            let kind = try #require(header.range(of: "Kind"))
            let note = try #require(header.range(of: "Note"))
            let kindWidth = header.distance(from: kind.lowerBound, to: note.lowerBound) - 1
            #expect(kindWidth <= 5, "Kind is \(kindWidth) cells: \(header)")
            // The note takes the rest of the row: it reaches the last columns.
            let text = Self.note(1)
            let noteStart = try #require(row.range(of: "note 1: "))
            let shown = row.distance(from: noteStart.lowerBound, to: row.endIndex)
            #expect(shown >= 140 - 36 - 5 - 4, "the note shows \(shown) cells: \(row)")
            #expect(text.count > shown, "the note is cut")
        }
    }
}
