import JSON
import Services
import Testing

@testable import Modules

/// Space on a todo changes one row: the search index is made again for
/// that row only, and a Space pressed on a list made before the service was
/// described (no toggle known) is done by the list the description makes.
@Suite("Space on a row")
struct SpaceOnARowTests {
    @Test func replacingOneRowsTextIsTheIndexOfTheTextsWithThatRowChanged() {
        let texts = ["Buy Milk", "write 日本語 report", "café in ZÜRICH", "ab"]
        let index = SearchIndex(texts)
        for row in texts.indices {
            for text in ["", "longer than it was before", "Ünïcode TEXT", "x"] {
                var changed = texts
                changed[row] = text
                #expect(index.replacing(row: row, with: text) == SearchIndex(changed), "row \(row) ← \(text)")
            }
        }
        #expect(index.replacing(row: 4, with: "no such row") == index)
        #expect(index.replacing(row: 1, with: "honey").rows(matching: "honey") == [1])
        #expect(index.replacing(row: 1, with: "honey").rows(matching: "report") == [])
    }

    @Test func aWriteAndItsAnswerChangeTheRowsSearchTextAndKeepTheFilter() {
        var state = ResourceListState.loaded(todoRecords(30, needles: 5...6))
        _ = state.apply(.setFilter("needle"))
        #expect(state.ids == ["5", "6"])
        let record = state.records[4]
        var fields = JSONObject()
        fields["title"] = .string("hay again")
        _ = state.write(record, fields: fields, toggled: nil)
        #expect(state.ids == ["6"])
        #expect(state.searchIndex == RecordSearch.index(state.records))
        var saved = record.json.objectValue ?? JSONObject()
        saved["title"] = .string("needle once more")
        _ = state.apply(
            .writes(
                .answered(
                    .updateConfirmed(
                        id: "5", saved: RecordEntity(id: "5", json: .object(saved)), noticeForgets: false))))
        #expect(state.ids == ["5", "6"])
        #expect(state.searchIndex == RecordSearch.index(state.records))
    }

    @Test func spaceOnAListWithNoToggleYetIsCarriedAndDoneByTheDescribedList() {
        let records = todoRecords(3)
        let inferred = ResourceCatalog.inferred(name: "todos", from: [])
        var early = ResourceListState.loaded(records, resource: inferred)
        #expect(early.resource.toggle == nil)
        early.press(.char("j"))
        #expect(early.press(.char(" ")) == [])
        #expect(early.carried.toggleID == "2")

        var described = ResourceListState(resource: .todos, filters: [])
        _ = described.apply(.start)
        _ = described.apply(.adopt(early.carried))
        let effects = described.apply(.firstPage(records, total: 3))
        #expect(effects.contains(.update(id: "2", fields: ["completed": .bool(true)])), "\(effects)")
        #expect(described.current?.id == "2")
        #expect(described.current?.json["completed"] == .bool(true))
        // Once: a later page does not toggle it back.
        let again = described.apply(.firstPage(records, total: 3))
        #expect(!again.contains { if case .update = $0 { true } else { false } }, "\(again)")
    }

    @Test func theCarriedSpaceIsDroppedWhenTheCursorLeftTheRecord() {
        let records = todoRecords(3)
        var early = ResourceListState.loaded(records, resource: ResourceCatalog.inferred(name: "todos", from: []))
        early.press(.char(" "))
        early.press(.char("j"))
        #expect(early.carried.toggleID == "1")
        #expect(early.carried.cursorID == "2")
        var described = ResourceListState(resource: .todos, filters: [])
        _ = described.apply(.start)
        _ = described.apply(.adopt(early.carried))
        let effects = described.apply(.firstPage(records, total: 3))
        #expect(!effects.contains { if case .update = $0 { true } else { false } }, "\(effects)")
        #expect(described.askedToggle == nil)
    }
}
