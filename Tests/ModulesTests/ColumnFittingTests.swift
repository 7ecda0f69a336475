import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// Narrow columns sized to the ids the rows hold (issue 25, item 11:
/// six- and seven-digit ids showed as `1234…`, UUIDs as `926893ed-fe2a…`,
/// while the title had room to spare).
@MainActor
@Suite("List: columns fitted to the loaded rows")
struct ColumnFittingTests {
    static func todos(ids: [JSONValue], title: String = "a title") -> [JSONValue] {
        ids.map { id in ["userId": 1, "id": id, "title": .string(title), "completed": false] }
    }

    /// The row of `id` as drawn: the text before its title.
    static func idCell(_ terminal: InMemoryTerminal, title: String = "a title") -> [String] {
        (0..<terminal.size.rows).map(terminal.line).filter { $0.contains(title) }
            .map { String($0[..<($0.range(of: title)?.lowerBound ?? $0.endIndex)]) }
    }

    @Test func sevenDigitIdsShowWhole() {
        var state = ResourceListState.loaded(Self.todos(ids: [999_999, 1_000_000, 1_234_567]), total: 3)
        let lines = Self.idCell(state.screen(Size(rows: 12, cols: 70)))
        #expect(lines.count == 3)
        #expect(lines.contains { $0.contains("1234567") }, "\(lines)")
        #expect(!lines.contains { $0.contains("…") }, "\(lines)")
    }

    @Test func uuidsShowWholeAndTheTitleGivesTheRoom() {
        let uuid = "926893ed-fe2a-4c1b-9a57-3f0e2b7c1d44"
        var state = ResourceListState.loaded(Self.todos(ids: [.string(uuid)], title: "buy milk"), total: 1)
        let screen = state.screen(Size(rows: 12, cols: 80))
        let row = (0..<12).map(screen.line).first { $0.contains("buy milk") } ?? ""
        #expect(row.contains(uuid), "\(row)")
        #expect(TextWidth.of(row) <= 80)
    }

    /// The widest id at the far end of a long list counts too (ids ascend),
    /// and short ids make a narrow column (as wide as its title and sort marker).
    @Test func theWidestIdAtTheEndOfALongListWidensTheColumnAndShortIdsKeepItNarrow() {
        let ids = (1...5_000).map { JSONValue.int($0) } + [.int(12_345_678)]
        let model = ResourceListState.loaded(Self.todos(ids: ids), total: ids.count).viewModel(height: 12, width: 70)
        let fitted = ResourceListView.columns(model.resource, fittedTo: model)
        let id = fitted.firstIndex { $0.title.uppercased() == "ID" } ?? 0
        #expect(fitted[id].width == .fixed(8))
        let short = ResourceListState.loaded(Self.todos(ids: [1, 2, 3]), total: 3).viewModel(height: 12, width: 70)
        let narrow = ResourceListView.columns(short.resource, fittedTo: short)
        #expect(narrow[id].width == .fixed(TextWidth.of(narrow[id].title) + 2), "\(narrow)")
    }

    /// The sample is bounded: a million rows are not measured on every frame.
    @Test func theSampleIsTheScreenAndBothEnds() {
        var state = ResourceListState.loaded(Self.todos(ids: (1...1_000).map { .int($0) }), total: 1_000)
        let model = state.viewModel(height: 12, width: 70)
        let sample = ResourceListView.sample(model)
        #expect(sample.count <= 2 * ResourceListView.sampledRows + model.tableHeight)
        #expect(sample.contains(999) && sample.contains(0))
        _ = state.screen()
    }

    /// A huge value hands the table at most `cellBytes` (and an ellipsis).
    @Test func aHugeCellIsCutBeforeTheTableMeasuresIt() {
        let huge = String(repeating: "x", count: 5_000_000)
        #expect(ResourceListView.cellText(huge).utf8.count <= ResourceListView.cellBytes + 3)
        #expect(ResourceListView.cellText("short") == "short")
    }
}
