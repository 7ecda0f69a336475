import JSON
import TerminalUI
import Testing

@testable import Modules

/// `:jq` over a list: its reducer without a terminal.
@Suite("jq answer reducer")
struct JQAnswerStateTests {
    @Test func theOutputsAreFoldedWhenLaidOutAndTheScrollStaysWithinThem() {
        let outputs: [JSONValue] = (1...30).map { .object(JSONObject([("id", .int($0))])) }
        var state = JQAnswerState(title: "jq .[] over todos", outputs: outputs)
        #expect(state.shown.isEmpty)
        #expect(state.apply(.resized(Rect(row: 0, col: 0, height: 11, width: 40))).isEmpty)
        #expect(state.shown.count > 30)
        #expect(state.pageSize == 10)
        _ = state.apply(.scrolled(to: 10_000))
        #expect(state.scroll == state.shown.count - 1)
        _ = state.apply(.scrolled(to: -3))
        #expect(state.scroll == 0)
    }
}
