import Foundation
import Services
import TerminalUI
import Testing

@testable import Modules

/// A record with a huge string (issue 25): what one value puts on the
/// detail screen is capped, the cut is said, the fold is linear, and `y`
/// still copies the whole value (the clipboard's own limit is the App's).
@MainActor
@Suite("Record detail: a huge value")
struct HugeValueDetailTests {
    static let todos = ResourceCatalog.jsonPlaceholder.descriptor(for: "todos")
    /// 5.2 MB of words, accents and wide characters.
    static let huge = String(repeating: "lorem ipsum dolor sit amet é 日本語 ", count: 130_000)

    static func record(_ value: String) -> RecordEntity {
        RecordEntity(
            ["userId": 1, "id": 1, "title": "the huge one", "completed": false, "huge": .string(value)], of: todos)
    }

    /// The detail laid out at 80x24: the value's head, ending in `…`, then
    /// one line with how much was left out; every line within the width, and
    /// no more lines than the cap gives.
    @Test func aFiveMegabyteValueShowsItsHeadAndSaysHowMuchIsNotShown() throws {
        var state = RecordDetailState(
            id: "1", record: Self.record(Self.huge), resource: Self.todos, breadcrumbPrefix: nil)
        let lines = state.layout(width: 80, height: 24).map { $0.map(\.text).joined() }
        let limit = JSONLines.valueLimit
        // At most the cap's worth of 76-cell lines (a wide character can leave one cell) and the other fields.
        #expect(lines.count <= limit / 76 * 2 + 10, "\(lines.count) lines")
        #expect(lines.count > 100)
        #expect(lines.allSatisfy { TextWidth.of($0) <= 80 })
        let cutLine = lines.firstIndex { $0.contains("KiB more of this value not shown") }
        let index = try #require(cutLine)
        let cut = Self.huge.utf8.count - TextWidth.head(Self.huge, maxBytes: limit).head.utf8.count
        #expect(lines[index].contains("… \((cut + 1023) / 1024) KiB more"), "\(lines[index])")
        #expect(lines[index - 1].hasSuffix("…\""), "\(lines[index - 1])")
        #expect(lines.last == "}")
        // The copy is the whole record: the value is not cut there.
        #expect(Self.record(Self.huge).jsonText.contains(Self.huge))
    }

    /// `m` pages a long value in: each press shows 4× as much of it (the
    /// note's count of what is left falls), up to 16 MiB, where it says so.
    @Test func mShowsMoreOfALongValueEachPress() throws {
        var state = RecordDetailState(
            id: "1", record: Self.record(Self.huge), resource: Self.todos, breadcrumbPrefix: nil)
        func left() throws -> Int {
            let lines = state.layout(width: 80, height: 24).map { $0.map(\.text).joined() }
            let note = try #require(lines.first { $0.contains("KiB more of this value not shown") })
            let digits = note.drop { !$0.isNumber }.prefix { $0.isNumber }
            return try #require(Int(digits))
        }
        let before = try left()
        let m = try #require(state.event(for: .char("m"), bindings: KeyBindings.defaults))
        #expect(m == .showMore)
        _ = state.apply(m)
        #expect(state.valueLimit == JSONLines.valueLimit * 4)
        let after = try left()
        #expect(after == before - (JSONLines.valueLimit * 3) / 1024, "\(before) → \(after)")
        #expect(state.message?.text.contains("256 KiB") == true)
        // Up to 16 MiB: the 5 MB value is then whole.
        for _ in 0..<3 { _ = state.apply(.showMore) }
        let lines = state.layout(width: 80, height: 24).map { $0.map(\.text).joined() }
        #expect(!lines.contains { $0.contains("not shown") })
        _ = state.apply(.showMore)
        #expect(state.valueLimit == 16 << 20)
        #expect(state.message?.text.contains("the most") == true)
    }

    /// A value within the cap is shown whole, with no line about a cut.
    @Test func aValueWithinTheCapIsShownWhole() {
        let value = String(repeating: "word ", count: 1_000)
        var state = RecordDetailState(id: "1", record: Self.record(value), resource: Self.todos, breadcrumbPrefix: nil)
        let lines = state.layout(width: 80, height: 24).map { $0.map(\.text).joined() }
        #expect(!lines.contains { $0.contains("not shown") })
        let rejoined = lines.drop { !$0.contains("\"huge\"") }.prefix { $0 != "}" }.enumerated()
            .map { $0.offset == 0 ? $0.element : String($0.element.dropFirst(4)) }.joined()
        #expect(rejoined.contains(value.trimmingCharacters(in: .whitespaces)))
    }

    /// The fold of the unwrapped lines measures each character about once
    /// (`wrap` used to copy and scan the rest of the value for every line).
    @Test func wrappingAFiveMegabyteLineMeasuresEachCharacterAboutOnce() {
        let lines = JSONLines.render([DetailField("huge", .string(Self.huge))], limit: Int.max)
        var measured = 0
        let wrapped = JSONLines.wrap(lines, width: 80) { character in
            measured += 1
            return TextWidth.of(character)
        }
        let characters = lines.reduce(0) { $0 + $1.reduce(0) { $0 + $1.text.count } }
        #expect(measured <= characters + wrapped.count, "\(measured) measurements, \(characters) characters")
        #expect(wrapped.count > Self.huge.utf8.count / 200)
    }
}
