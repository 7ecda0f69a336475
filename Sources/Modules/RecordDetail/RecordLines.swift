import JSON
import TerminalUI

/// A record's fields as coloured JSON lines, and those lines folded to the
/// width last drawn: rendering a large record on every key or frame would
/// cost more than keeping it.
///
/// Two foldings meet here: nodes the user folded (`z`, `RecordFolding`:
/// `lines` → `visible`), then the visible lines wrapped to the width
/// (`visible` → the lines shown). Each shown line knows the visible line it
/// belongs to and each visible line the full line it shows, so a search
/// match (a full line) finds its place on screen.
struct RecordLines: Sendable {
    /// The most of one string value `m` ever shows (about 200,000 lines of 80 cells).
    static let longestValue = 16 << 20

    /// Every field, one JSON line each, as the record renders unfolded.
    private(set) var lines: [[JSONLines.Span]]
    /// The objects and arrays among `lines`, by the line each opens on.
    private(set) var containers: [Int: JSONLines.Container] = [:]
    /// The nodes folded by the user.
    private(set) var folding = RecordFolding()
    /// `lines` with the folded nodes one line each.
    private(set) var visible: [[JSONLines.Span]]
    /// For each visible line, the line of `lines` it shows.
    private(set) var source: [Int]
    /// `visible` folded to the width last drawn, kept until either changes;
    /// `first` is the shown line each visible line starts on.
    private var folded: (width: Int, lines: [[JSONLines.Span]], first: [Int])?

    /// The record's lines; the top-level fields named in `changed` (`:watch`
    /// saw them change) start with a `•` in the `changed` role.
    init(_ record: RecordEntity?, changed: Set<String> = [], limit: Int = JSONLines.valueLimit) {
        let outline = record.map { JSONLines.outline($0.fields, limit: limit) }
        lines = outline?.lines ?? []
        containers = outline?.containers ?? [:]
        visible = lines
        source = Array(lines.indices)
        guard !changed.isEmpty else { return }
        let keys = Set(changed.map { "\"\(TextSanitizer.clean($0))\"" })
        for index in lines.indices {
            let line = lines[index]
            guard line.count > 1, line[0].text == "  ", line[1].role == .jsonKey, keys.contains(line[1].text)
            else { continue }
            lines[index][0] = ("• ", .changed)
        }
        visible = lines
    }

    /// The lines of `values` one after another (what `:jq` selected), each
    /// pretty-printed (each string cut as a record's are).
    init(values: [JSONValue], limit: Int = JSONLines.valueLimit) {
        lines = []
        for value in values {
            let (more, nodes) = JSONLines.outline(value: RecordEntity.detailValue(value), limit: limit)
            let offset = lines.count
            for (open, container) in nodes {
                containers[open + offset] = JSONLines.Container(
                    close: container.close + offset, count: container.count, isArray: container.isArray)
            }
            lines += more
        }
        visible = lines
        source = Array(lines.indices)
    }

    /// How many lines the screen shows: as folded at the last draw, or (not
    /// drawn since the record changed) as rendered.
    var shownCount: Int { folded?.lines.count ?? visible.count }

    /// The lines as shown in `width` cells: the fold kept by `shown(width:)`,
    /// else folded now and not kept.
    func folded(width: Int) -> [[JSONLines.Span]] {
        if let folded, folded.width == width { return folded.lines }
        return JSONLines.wrap(visible, width: width)
    }

    /// The lines as shown in `width` cells (folded once per width).
    @discardableResult
    mutating func shown(width: Int) -> [[JSONLines.Span]] {
        if let folded, folded.width == width { return folded.lines }
        var wrapped: [[JSONLines.Span]] = []
        var first: [Int] = []
        first.reserveCapacity(visible.count)
        for line in visible {
            first.append(wrapped.count)
            wrapped += JSONLines.wrap([line], width: width)
        }
        folded = (width, wrapped, first)
        return wrapped
    }

    // MARK: - Places

    /// The shown line that full line `line` starts on (at the last width
    /// drawn; the visible line before a width is known), or `nil` when a
    /// fold hides it.
    func shownLine(ofFull line: Int) -> Int? {
        guard let index = visibleIndex(ofFull: line) else { return nil }
        guard let folded else { return index }
        return folded.first[index]
    }

    /// The shown lines full line `line` takes (wrapped to the width), or
    /// `nil` when a fold hides it.
    func shownRange(ofFull line: Int) -> Range<Int>? {
        guard let index = visibleIndex(ofFull: line) else { return nil }
        guard let folded else { return index..<(index + 1) }
        let end = index + 1 < folded.first.count ? folded.first[index + 1] : folded.lines.count
        return folded.first[index]..<end
    }

    /// The full line the shown line `shown` belongs to.
    func fullLine(ofShown shown: Int) -> Int? {
        var index = shown
        if let folded {
            // The last visible line starting at or before `shown`.
            var low = 0
            var high = folded.first.count
            while low < high {
                let middle = (low + high) / 2
                if folded.first[middle] <= shown { low = middle + 1 } else { high = middle }
            }
            index = low - 1
        }
        return source.indices.contains(index) ? source[index] : nil
    }

    private func visibleIndex(ofFull line: Int) -> Int? {
        var low = 0
        var high = source.count
        while low < high {
            let middle = (low + high) / 2
            if source[middle] < line { low = middle + 1 } else { high = middle }
        }
        return low < source.count && source[low] == line ? low : nil
    }

    // MARK: - Folding

    /// Applies a change of the folds (the shown lines are made again).
    mutating func refold(_ change: (inout RecordFolding, [Int: JSONLines.Container]) -> Void) {
        var folding = self.folding
        change(&folding, containers)
        guard folding != self.folding else { return }
        self.folding = folding
        (visible, source) = folding.visible(lines, containers: containers)
        let width = folded?.width
        folded = nil
        if let width { shown(width: width) }
    }

    /// Takes the folds of `old` that are still nodes here (the record came again).
    mutating func keepFolds(of old: RecordLines) {
        guard !old.folding.isEmpty else { return }
        refold { folding, containers in
            folding = old.folding
            folding.keep(in: containers)
        }
    }
}

extension RecordLines: Equatable {
    /// Same text in the same roles, folded to the same width (spans are
    /// tuples, so this cannot be synthesised).
    static func == (lhs: RecordLines, rhs: RecordLines) -> Bool {
        same(lhs.lines, rhs.lines) && lhs.folding == rhs.folding && lhs.folded?.width == rhs.folded?.width
            && same(lhs.folded?.lines ?? [], rhs.folded?.lines ?? [])
    }

    private static func same(_ lhs: [[JSONLines.Span]], _ rhs: [[JSONLines.Span]]) -> Bool {
        lhs.elementsEqual(rhs) { left, right in
            left.elementsEqual(right) { $0.text == $1.text && $0.role == $1.role }
        }
    }
}
