import TerminalUI

/// A record's fields as coloured JSON lines, and those lines folded to the
/// width last drawn: rendering a large record on every key or frame would
/// cost more than keeping it.
struct RecordLines: Sendable {
    /// Every field, one JSON line each, as the record renders unfolded.
    private(set) var lines: [[JSONLines.Span]]
    /// `lines` folded to the width last drawn, kept until either changes.
    private var folded: (width: Int, lines: [[JSONLines.Span]])?

    /// The record's lines; the top-level fields named in `changed` (`:watch`
    /// saw them change) start with a `•` in the `changed` role.
    init(_ record: RecordEntity?, changed: Set<String> = []) {
        lines = record.map { JSONLines.render($0.fields) } ?? []
        guard !changed.isEmpty else { return }
        let keys = Set(changed.map { "\"\(TextSanitizer.clean($0))\"" })
        for index in lines.indices {
            let line = lines[index]
            guard line.count > 1, line[0].text == "  ", line[1].role == .jsonKey, keys.contains(line[1].text)
            else { continue }
            lines[index][0] = ("• ", .changed)
        }
    }

    /// How many lines the screen shows: as folded at the last draw, or (not
    /// drawn since the record changed) as rendered.
    var shownCount: Int { folded?.lines.count ?? lines.count }

    /// The lines as shown in `width` cells: the fold kept by `shown(width:)`,
    /// else folded now and not kept.
    func folded(width: Int) -> [[JSONLines.Span]] {
        if let folded, folded.width == width { return folded.lines }
        return JSONLines.wrap(lines, width: width)
    }

    /// The lines as shown in `width` cells (folded once per width).
    mutating func shown(width: Int) -> [[JSONLines.Span]] {
        if let folded, folded.width == width { return folded.lines }
        let lines = JSONLines.wrap(lines, width: width)
        folded = (width, lines)
        return lines
    }
}

extension RecordLines: Equatable {
    /// Same text in the same roles, folded to the same width (spans are
    /// tuples, so this cannot be synthesised).
    static func == (lhs: RecordLines, rhs: RecordLines) -> Bool {
        same(lhs.lines, rhs.lines) && lhs.folded?.width == rhs.folded?.width
            && same(lhs.folded?.lines ?? [], rhs.folded?.lines ?? [])
    }

    private static func same(_ lhs: [[JSONLines.Span]], _ rhs: [[JSONLines.Span]]) -> Bool {
        lhs.elementsEqual(rhs) { left, right in
            left.elementsEqual(right) { $0.text == $1.text && $0.role == $1.role }
        }
    }
}
