import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// The frequency table as a value: counting, order, shares, bars and title.
@Suite("Frequency state")
struct FrequencyStateTests {
    private func record(_ fields: JSONObject) -> JSONValue { .object(fields) }

    @Test func distinctValuesAreCountedMostFrequentFirstTiesByValue() {
        let records: [JSONValue] = [
            ["userId": 2], ["userId": 10], ["userId": 1], ["userId": 2], ["userId": 10], ["userId": 3],
        ]
        let rows = FrequencyState.count(records, field: "userId")
        #expect(rows.map(\.value) == ["2", "10", "1", "3"])
        #expect(rows.map(\.count) == [2, 2, 1, 1])
        #expect(rows.map(\.filterValue) == ["2", "10", "1", "3"])
    }

    @Test func booleansCountAsTrueAndFalseAndMissingValuesAsEmpty() {
        let records: [JSONValue] = [
            ["completed": true], ["completed": false], ["completed": true], ["completed": nil], ["title": "x"],
        ]
        let rows = FrequencyState.count(records, field: "completed")
        #expect(rows.map(\.value) == ["(empty)", "true", "false"])
        #expect(rows.map(\.count) == [2, 2, 1])
        #expect(rows.first?.filterValue == nil)
    }

    @Test func dottedFieldsReachNestedValues() {
        let records: [JSONValue] = [
            ["address": ["city": "Oslo"]], ["address": ["city": "Lima"]], ["address": ["city": "Oslo"]],
        ]
        #expect(FrequencyState.count(records, field: "address.city").map(\.value) == ["Oslo", "Lima"])
    }

    @Test func percentIsTheShareOfTheRowsCountedAndTheBarIsRelativeToTheLargest() {
        let source = ExportSource(resource: .todos, records: Fixtures.todoRecords)
        let state = FrequencyState(source: source, field: "completed")
        let total = state.rows.reduce(0) { $0 + $1.count }
        #expect(total == Fixtures.todoRecords.count)
        let shares = state.rows.map { state.percent($0) }
        #expect(abs(shares.reduce(0, +) - 100) < 0.0001)
        #expect(FrequencyState.percentText(58) == "58.0%")
        #expect(FrequencyState.percentText(100.0 / 3) == "33.3%")
        #expect(FrequencyState.bar(count: 10, largest: 10, width: 20) == String(repeating: "█", count: 20))
        #expect(FrequencyState.bar(count: 5, largest: 10, width: 20) == String(repeating: "█", count: 10))
        #expect(FrequencyState.bar(count: 1, largest: 1000, width: 20) == "█")
        #expect(FrequencyState.bar(count: 0, largest: 10, width: 20) == "")
    }

    @Test func theTitleSaysWhatWasCounted() {
        let records: [JSONValue] = [["completed": true], ["completed": false]]
        let whole = FrequencyState(source: ExportSource(resource: .todos, records: records), field: "completed")
        #expect(whole.title == "completed — 2 values over 2 todos")
        let paging = FrequencyState(
            source: ExportSource(resource: .todos, records: records, partial: .init(loaded: 500, total: 5000)),
            field: "completed")
        #expect(paging.title == "completed — 2 values over 2 of the loaded rows (500 of 5000 loaded)")
        let allLoaded = FrequencyState(
            source: ExportSource(resource: .todos, records: records, partial: .init(loaded: 2, total: nil)),
            field: "completed")
        #expect(allLoaded.title == "completed — 2 values over the loaded rows (2 of more loaded)")
    }

    @Test func enterFiltersTheServerByTheValueUnderTheCursor() {
        let records: [JSONValue] = [["completed": true], ["completed": false], ["completed": true]]
        var state = FrequencyState(source: ExportSource(resource: .todos, records: records), field: "completed")
        #expect(state.currentFilters == [ListQuery.Filter("completed", "true")])
        state.move(to: 5)
        #expect(state.cursor == 1)
        #expect(state.currentFilters == [ListQuery.Filter("completed", "false")])
    }

    @Test func theValuesListKeepsTheCountedListsFilters() {
        let records: [JSONValue] = [["userId": 9, "completed": true], ["userId": 10, "completed": true]]
        let scoped = [ListQuery.Filter("completed", "true"), ListQuery.Filter("userId", "9", .greaterOrEqual)]
        let state = FrequencyState(
            source: ExportSource(resource: .todos, records: records, filters: scoped), field: "userId")
        #expect(state.currentFilters == scoped + [ListQuery.Filter("userId", "9")])
    }

    @Test func aListStillPagingInOffersItsLoadedRowsAndSaysSo() {
        var list = ResourceListState(resource: .todos(pageSize: 50), filters: [])
        _ = list.apply(.start)
        _ = list.apply(.firstPage(Array(todoRecords(200).prefix(50)), total: 200))
        let source = list.exportSource
        #expect(source.records.count == 50)
        #expect(source.partial == .init(loaded: 50, total: 200))
        #expect(ResourceListState.loaded().exportSource.partial == nil)
    }
}
