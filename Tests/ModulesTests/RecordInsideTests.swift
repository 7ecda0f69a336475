import JSON
import Services
import TerminalUI
import Testing

@testable import Modules

/// Inside a record, as values: `/` search with `n`/`N` and Esc, `z`/`Z`
/// folds (a search opens the folds that hide a match), `:jq` narrowing.
@MainActor
@Suite struct RecordInsideTests {
    static let users = ResourceCatalog.jsonPlaceholder.descriptor(for: "users")
    static let user = RecordEntity(
        [
            "id": 1, "name": "Leanne Graham",
            "address": ["street": "Kulas Light", "city": "Gwenborough", "geo": ["lat": "-37.3159"]],
            "company": ["name": "Romaguera-Crona", "catchPhrase": "Multi-layered client-server neural-net"],
            "tags": ["alpha", "beta", "gamma"],
        ], of: users)

    private func loaded() -> RecordDetailState {
        var state = RecordDetailState(id: "1", record: nil, resource: Self.users, breadcrumbPrefix: nil)
        _ = state.apply(.appeared)
        _ = state.apply(.recordArrived(Self.user))
        _ = state.layout(width: 80, height: 20)
        return state
    }

    private func press(_ key: Key, on state: inout RecordDetailState) {
        if let event = state.event(for: key, bindings: .defaults) { _ = state.apply(event) }
    }

    private func type(_ text: String, on state: inout RecordDetailState) {
        for character in text { press(.char(character), on: &state) }
    }

    private func text(_ line: [JSONLines.Span]) -> String { line.map(\.text).joined() }

    @Test func slashSearchesKeysAndValuesAndNMovesRoundTheEnds() {
        var state = loaded()
        press(.char("/"), on: &state)
        #expect(state.searchEditor != nil)
        type("NAME", on: &state)
        press(.enter, on: &state)
        // "name" (key) of Leanne, "name" (key) of the company.
        #expect(state.search?.matches.count == 2)
        #expect(state.status.count == "1 of 2")
        let first = state.scroll
        #expect(text(state.shownLines[first]).contains("\"name\""))
        press(.char("n"), on: &state)
        #expect(state.status.count == "2 of 2")
        #expect(state.scroll > first)
        press(.char("n"), on: &state)
        #expect(state.status.count == "1 of 2", "round the end")
        press(.char("N"), on: &state)
        #expect(state.status.count == "2 of 2")
        press(.escape, on: &state)
        #expect(state.search == nil)
        #expect(state.event(for: .char("n"), bindings: .defaults) == nil, "n is not a search key without a search")
    }

    @Test func zFoldsTheNodeUnderTheCursorAndZFoldsAll() {
        var state = loaded()
        let all = state.shownLines.count
        let address = state.shownLines.firstIndex { text($0).contains("\"address\"") }!
        _ = state.apply(.scroll(to: address + 1))
        press(.char("z"), on: &state)
        #expect(state.shownLines.count == all - 6)
        #expect(text(state.shownLines[address]) == #"  "address": {…} 3 keys,"#)
        #expect(state.scroll == address)
        press(.char("z"), on: &state)
        #expect(state.shownLines.count == all)
        press(.char("Z"), on: &state)
        #expect(state.shownLines.map(text).contains(#"  "tags": […] 3 items"#))
        #expect(state.shownLines.count == 7)
        press(.char("Z"), on: &state)
        #expect(state.shownLines.count == all)
    }

    @Test func aSearchOpensTheFoldsThatHideAMatch() {
        var state = loaded()
        press(.char("Z"), on: &state)
        press(.char("/"), on: &state)
        type("lat", on: &state)
        press(.enter, on: &state)
        #expect(state.search?.matches.count == 1)
        let shown = state.shownLines.map(text)
        #expect(shown.contains(#"      "lat": "-37.3159""#), "\(shown)")
        #expect(shown.contains(#"  "company": {…} 2 keys,"#), "folds without a match stay")
        #expect(text(state.shownLines[state.scroll]).contains("lat"))
    }

    @Test func theCurrentMatchIsMarkedApart() {
        let line: [JSONLines.Span] = [("  ", .text), (#""alpha beta ALPHA""#, .jsonString)]
        let (spans, count) = RecordTextSearch.highlight(line, needle: "alpha", current: 1)
        #expect(count == 2)
        #expect(spans.map(\.text) == ["  ", "\"", "alpha", " beta ", "ALPHA", "\""])
        #expect(spans.map(\.role) == [.text, .jsonString, .selection, .jsonString, .cursorRow, .jsonString])
    }

    @Test func jqNarrowsTheRecordAndEscShowsItAgain() throws {
        var state = loaded()
        let all = state.shownLines.count
        _ = state.apply(.narrowed(try RecordQuery(".tags[], .address.city", over: Self.user.json)))
        #expect(state.shownLines.map(text) == [#""alpha""#, #""beta""#, #""gamma""#, #""Gwenborough""#])
        press(.escape, on: &state)
        #expect(state.query == nil)
        #expect(state.shownLines.count == all)
    }
}
