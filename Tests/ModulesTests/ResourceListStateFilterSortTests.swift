import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// Filter, sort, the keys and the mouse of a complete list: local and
/// instant, and never a request.
@MainActor
@Suite("Resource list state: filter, sort, keys")
struct ResourceListStateFilterSortTests {
    @Test func stringIdsOfDigitsSortAsNumbers() {
        let records = ["10", "9", "100", "abc"].map { RecordEntity(id: $0, json: ["id": .string($0)]) }
        let ascending = RecordOrder.sorted(records, by: "id", descending: false)
        #expect(ascending.map(\.id) == ["9", "10", "100", "abc"])
        let descending = RecordOrder.sorted(records, by: "id", descending: true)
        #expect(descending.map(\.id) == ["abc", "100", "10", "9"])
        #expect(RecordOrder.isSorted(descending, by: "id", descending: true))
    }

    @Test func openingTheFilterAsksTheServiceToGetReadyForASearch() {
        var state = ResourceListState.loaded(todoRecords(200, needles: 40...46))
        #expect(state.press(.char("/")) == [.prepareSearch])
        // Typing, finishing and cancelling ask nothing more of it.
        #expect(!state.type("need").contains(.prepareSearch))
        #expect(state.press(.escape).contains(.prepareSearch) == false)
    }

    @Test func typingAFilterNarrowsTheLoadedListAtOnce() {
        var state = ResourceListState.loaded(todoRecords(200, needles: 40...46))
        state.press(.char("/"))
        #expect(state.capturesText)
        var effects = state.type("need")
        #expect(state.ids == ["40", "41", "42", "43", "44", "45", "46"])
        effects += state.type("le 4")
        #expect(state.ids.count == 7)
        #expect(state.status.count == "7 of 200")
        let terminal = state.screen()
        #expect(terminal.contains("needle 40"))
        #expect(!terminal.contains("hay 1 "))
        #expect(terminal.line(0).contains("/ needle 4▏  7 matches · filtered here"))
        // A complete list is filtered here: the server is never asked.
        #expect(effects.isEmpty)
        #expect(state.serverSearch == nil)
    }

    @Test func escClearsTheFilterWhileTypingAndAfterEnter() {
        var state = ResourceListState.loaded()
        state.press(.char("/"))
        state.type("bank")
        #expect(state.ids == ["4"])
        #expect(state.status.count == "1 of 5")
        #expect(state.outcome(of: .escape) == .event(.cancelFilter))
        state.press(.escape)
        #expect(state.ids.count == 5)
        #expect(!state.capturesText)
        #expect(state.status.count == "5")

        state.press(.char("/"))
        state.type("milk")
        state.press(.enter)
        #expect(!state.capturesText)
        #expect(state.ids == ["1"])
        #expect(state.screen().line(0).contains("/ milk  1 match"))
        // Esc with a kept filter clears it, rather than going back.
        #expect(state.outcome(of: .escape) == .event(.setFilter("")))
        state.press(.escape)
        #expect(state.ids.count == 5)
        #expect(state.filterText.isEmpty)
        // Esc without a filter is left to the router (back).
        #expect(state.outcome(of: .escape) == .unhandled)
    }

    @Test func backspaceWidensTheFilterAgain() {
        var state = ResourceListState.loaded()
        state.press(.char("/"))
        state.type("mx")
        #expect(state.ids.isEmpty)
        #expect(state.screen().contains("No todos match “mx” — Esc clears the filter"))
        state.press(.backspace)
        #expect(state.ids == ["1"])
        #expect(state.status.count == "1 of 5")
        state.press(.ctrl("u"))
        #expect(state.ids.count == 5)
        #expect(state.outcome(of: .backspace) == .handled)
    }

    /// The filter searches a record's data, not its hypermedia: every HAL
    /// row links to the server, so `37` matched them all on port 33737
    /// (the end-to-end HAL search failed whenever its port held "37").
    @Test func theFilterSearchesTheDataNotTheLinksToTheServer() {
        let books: [JSONValue] = (1...45).map { id in
            [
                "id": .int(id), "title": .string("Book \(id)"), "year": .int(1960 + id),
                "_links": ["self": ["href": .string("http://127.0.0.1:33737/books/\(id)")]],
                "@odata.etag": .string("W/\"37\""),
            ]
        }
        var state = ResourceListState.loaded(books)
        state.press(.char("/"))
        state.type("Book 37")
        #expect(state.ids == ["37"])
        state.press(.escape)
        state.press(.char("/"))
        state.type("33737")
        #expect(state.ids.isEmpty)
        #expect(!RecordSearch.text(["author@odata.navigationLink": .string("Authors(37)")]).contains("37"))
    }

    @Test func theFilterKeepsTheSelectedRecordUnderTheCursor() {
        var state = ResourceListState.loaded()
        state.press(.char("G"))  // id 5
        state.press(.char("/"))
        state.press(.char("a"))
        #expect(state.current?.id == "5")
    }

    @Test func qInsideTheFilterIsText() {
        var state = ResourceListState.loaded()
        state.press(.char("/"))
        #expect(state.outcome(of: .char("q")) == .event(.setFilter("q")))
        state.press(.char("q"))
        #expect(state.filterText == "q")
        // Arrows still move while typing.
        #expect(state.outcome(of: .down) == .event(.moveCursor(to: 0)))
    }

    @Test func sKeySortsByTheNextColumnAndSReverses() {
        var state = ResourceListState.loaded()
        var effects = state.press(.char("s"))  // Done
        #expect(state.ids == ["1", "3", "4", "2", "5"])
        effects += state.press(.char("S"))
        #expect(state.ids == ["2", "5", "1", "3", "4"])
        effects += state.press(.char("s"))  // Title, ascending again
        #expect(state.ids == ["1", "5", "4", "3", "2"])
        var header = state.screen().line(0)
        #expect(header.contains("Title ▲"))
        #expect(!header.contains("ID ▲"))
        effects += state.press(.char("S"))
        #expect(state.ids == ["2", "3", "4", "5", "1"])
        header = state.screen().line(0)
        #expect(header.contains("Title ▼"))
        // Sorting a complete list never asks the server, and needs no word.
        #expect(effects.isEmpty)
        #expect(state.message == nil)
    }

    @Test func sortingKeepsTheCursorOnItsRecord() {
        var state = ResourceListState.loaded()
        state.press(.char("j"))  // id 2
        state.press(.char("S"))  // id descending
        #expect(state.current?.id == "2")
        #expect(state.ids == ["5", "4", "3", "2", "1"])
    }

    @Test func enterOpensTheRecordUnderTheCursor() {
        var state = ResourceListState.loaded()
        state.press(.char("j"))
        #expect(state.outcome(of: .enter) == .open(RecordEntity(Fixtures.todoRecords[1], of: .todos)))
        // A record without an id cannot be opened.
        var anonymous = ResourceListState.loaded([["title": "no id"]])
        #expect(anonymous.outcome(of: .enter) == .handled)
        #expect(anonymous.press(.enter).isEmpty)
    }

    @Test func yCopiesTheRecordUnderTheCursorAsJSON() {
        var state = ResourceListState.loaded()
        state.press(.char("j"))
        guard case .copy(let text, let description) = state.outcome(of: .char("y")) else {
            Issue.record("y did not copy")
            return
        }
        #expect(text.contains("\"id\": 2,"))
        #expect(text.contains("\"title\": \"write 日本語 report\""))
        #expect(description == "todo 2 as JSON")
    }

    @Test func clickingARowSelectsItAndTheWheelScrolls() {
        var state = ResourceListState.loaded()
        _ = state.screen()  // lays out: header row 0 of the rect, body rows from row 1
        state.press(.mouse(MouseEvent(kind: .click, row: 3, col: 10)))
        #expect(state.current?.id == "3")
        state.press(.mouse(MouseEvent(kind: .wheelUp, row: 3, col: 10)))
        #expect(state.current?.id == "1")
        state.press(.mouse(MouseEvent(kind: .wheelDown, row: 3, col: 10)))
        #expect(state.current?.id == "4")
        state.press(.mouse(MouseEvent(kind: .click, row: 0, col: 10)))
        #expect(state.current?.id == "4")
    }

    @Test func keysTheListDoesNotUseAreLeftToTheRouter() {
        let state = ResourceListState.loaded()
        #expect(state.outcome(of: .char("q")) == .unhandled)
        #expect(state.outcome(of: .char("?")) == .unhandled)
        #expect(state.outcome(of: .char(":")) == .unhandled)
    }
}
