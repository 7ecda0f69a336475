import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// Issue 37 item 5: column widths from the data (``ColumnWidths``), a pure
/// function: no column wider than its natural width while another is
/// narrower than its own; ids and short columns whole, the widest text
/// column takes the rest and is cut.
@MainActor
@Suite("List: column widths from the data")
struct ColumnWidthsTests {
    typealias Column = ColumnWidths.Column

    /// The issue's case: a UUID id (36), a 5-letter kind, a long note, in 140 cells.
    @Test func aUUIDAndAShortKindAreWholeAndTheNoteTakesTheRest() {
        let columns = [
            Column(natural: 36, minimum: 6, priority: 9), Column(natural: 5, minimum: 5),
            Column(natural: 300, minimum: 6),
        ]
        #expect(ColumnWidths.widths(columns, available: 140) == [36, 5, 97])
    }

    /// Everything fits: each column its natural width, the widest that
    /// stretches the cells left; when none stretches, they stay empty.
    @Test func whenAllFitTheWidestTextColumnTakesWhatIsLeft() {
        let columns = [
            Column(natural: 3, minimum: 3, stretches: false), Column(natural: 20, minimum: 6),
            Column(natural: 26, minimum: 6, stretches: false),
        ]
        #expect(ColumnWidths.widths(columns, available: 80) == [3, 78 - 29, 26])
        let fixed = columns.map { Column(natural: $0.natural, minimum: $0.minimum, stretches: false) }
        #expect(ColumnWidths.widths(fixed, available: 80) == [3, 20, 26])
    }

    /// Two columns too wide share the rest equally (the leftover cell to the left one).
    @Test func twoWideColumnsShareTheRest() {
        let columns = [
            Column(natural: 4, minimum: 3), Column(natural: 90, minimum: 6), Column(natural: 300, minimum: 6),
        ]
        #expect(ColumnWidths.widths(columns, available: 80) == [4, 37, 37])
        let uneven = [
            Column(natural: 4, minimum: 3), Column(natural: 90, minimum: 6), Column(natural: 300, minimum: 6),
        ]
        #expect(ColumnWidths.widths(uneven, available: 81) == [4, 38, 37])
    }

    /// Too narrow for the minimums: the lowest priority goes first (the rightmost on ties).
    @Test func aNarrowTerminalDropsTheLowestPriorityFirst() {
        let columns = [
            Column(natural: 36, minimum: 36, priority: 9, stretches: false),
            Column(natural: 5, minimum: 5, priority: 1),
            Column(natural: 300, minimum: 6, priority: 0),
        ]
        // The cells left when the rest fits go to the widest that stretches.
        #expect(ColumnWidths.widths(columns, available: 44) == [36, 7, 0])
        #expect(ColumnWidths.widths(columns, available: 30) == [30, 0, 0])
    }

    /// The rule, over many made-up tables: the widths fit, none is above
    /// its natural width while another is below its own, and none is below its minimum.
    @Test func theRuleHoldsOverManyTables() {
        var generator = SplitMix(seed: 37)
        for _ in 0..<2_000 {
            let count = Int(generator.next() % 8) + 1
            let columns = (0..<count).map { _ in
                let natural = Int(generator.next() % 120) + 1
                return Column(
                    natural: natural, minimum: Int(generator.next() % 10) + 1, priority: Int(generator.next() % 4))
            }
            let available = Int(generator.next() % 200) + 1
            let widths = ColumnWidths.widths(columns, available: available)
            let shown = widths.indices.filter { widths[$0] > 0 }
            #expect(widths.reduce(0, +) + max(0, shown.count - 1) <= available, "\(columns) \(available)")
            guard shown.count > 1 else { continue }
            for index in shown { #expect(widths[index] >= columns[index].minimum, "\(columns) \(available)") }
            let cut = shown.contains { widths[$0] < columns[$0].natural }
            if cut {
                for index in shown {
                    #expect(widths[index] <= columns[index].natural, "\(columns) \(available) \(widths)")
                }
            }
        }
    }

    /// On the list's screen: a UUID id whole, `kind` as wide as its
    /// longest value, the note cut at the right edge.
    @Test func theListDrawsAWholeUUIDAndANarrowKind() {
        let uuid = "926893ed-fe2a-4c1b-9a57-3f0e2b7c1d44"
        let note = String(repeating: "a long remark about the sea ", count: 10)
        let records: [JSONValue] = (1...5).map { number in
            ["id": .string(String(uuid.dropLast()) + "\(number)"), "kind": "alert", "note": .string(note)]
        }
        let resource = ResourceCatalog.inferred(name: "notes", from: records)
        var state = ResourceListState.loaded(records, resource: resource)
        let terminal = state.screen(Size(rows: 12, cols: 140))
        let lines = (0..<12).map(terminal.line)
        let row = lines.first { $0.contains("a long remark") } ?? ""
        #expect(row.contains(String(uuid.dropLast()) + "1"), "\(row)")
        let header = lines.first { $0.contains("Kind") } ?? ""
        let kind = header.range(of: "Kind")
        let noteTitle = header.range(of: "Note")
        if let kind, let noteTitle {
            #expect(header.distance(from: kind.lowerBound, to: noteTitle.lowerBound) == 6, "\(header)")
        } else {
            Issue.record("no Kind and Note titles: \(header)")
        }
        #expect(TextWidth.of(row) <= 140)
        #expect(row.hasSuffix("…"), "\(row)")
    }

    /// The cells measured are bounded: a column's width is measured from
    /// at most the screen and `sampledRows` at each end, each cell from at
    /// most `measuredBytes`.
    @Test func measuringIsBounded() {
        let long = String(repeating: "x", count: 100_000)
        let records: [JSONValue] = (1...1_000).map { ["id": .int($0), "text": .string($0 == 500 ? long : "short")] }
        let resource = ResourceCatalog.inferred(name: "things", from: records)
        let model = ResourceListState.loaded(records, resource: resource).viewModel(height: 12, width: 80)
        // Row 500 is neither on screen nor within 100 rows of an end: not measured.
        let natural = ResourceListView.naturalWidths(
            resource, columns: ResourceListView.columns(resource), model: model)
        #expect(natural[1] == 5, "\(natural)")
    }

    /// A small deterministic generator (SplitMix64).
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
