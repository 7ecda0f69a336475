import JSON
import TerminalUI
import Translations

/// Inside the record: the search (`/`, `n`/`N`, Esc) and the folds (`z`, `Z`).
/// The work is `RecordTextSearch`'s and `RecordFolding`'s (pure); here it meets
/// the scroll, which stands for the cursor: the line it is at is the line under the cursor.
extension RecordDetailState {
    /// The record rendered again (it came again, or `:watch` marked fields):
    /// the folds that are still nodes stay, an active search searches again.
    mutating func renderLines(keepingFolds: Bool = true) {
        let old = lines
        if var query, let record {
            query.rerun(over: record.json)
            self.query = query
            lines = RecordLines(values: query.outputs, limit: valueLimit)
        } else {
            lines = RecordLines(record, changed: changedFields, limit: valueLimit)
        }
        if keepingFolds { lines.keepFolds(of: old) }
        if let search {
            self.search = RecordTextSearch(
                needle: search.needle, lines: lines.lines, from: search.currentMatch?.line ?? 0)
            revealMatches()
        }
    }

    /// More of each long string value: 4× as much as shown, up to
    /// ``RecordLines/longestValue``; the folds and the search stay.
    mutating func showMore() -> [Effect] {
        guard valueLimit < RecordLines.longestValue else {
            message = StatusMessage(Texts.Detail.valuesWhole(kib: valueLimit / 1024), .warning)
            return []
        }
        valueLimit = min(valueLimit * 4, RecordLines.longestValue)
        renderLines()
        message = StatusMessage(Texts.Detail.valuesShown(kib: valueLimit / 1024))
        return []
    }

    /// The line of the full rendering under the cursor (the scroll's line).
    mutating func cursorLine() -> Int {
        if let area { lines.shown(width: area.width) }
        return lines.fullLine(ofShown: scroll) ?? 0
    }

    mutating func startSearch() -> [Effect] {
        searchEditor = LineEditor()
        message = nil
        return []
    }

    mutating func searchKey(_ key: Key) -> [Effect] {
        guard var editor = searchEditor else { return [] }
        switch key {
        case .escape:
            searchEditor = nil
            return []
        case .enter:
            searchEditor = nil
            return enterSearch(editor.text)
        default:
            if editor.text.count < RecordTextSearch.needleLimit || key == .backspace || !isInsert(key) {
                _ = editor.handle(key)
            }
            searchEditor = editor
            return []
        }
    }

    private func isInsert(_ key: Key) -> Bool {
        if case .char = key { return true }
        return false
    }

    /// Searches the record from the line under the cursor on.
    private mutating func enterSearch(_ needle: String) -> [Effect] {
        guard !needle.isEmpty else { return endSearch() }
        let found = RecordTextSearch(needle: needle, lines: lines.lines, from: cursorLine())
        search = found
        if found.matches.isEmpty {
            message = StatusMessage(Texts.Detail.noMatches(needle: TextSanitizer.clean(found.needle)), .warning)
            return [.redraw]
        }
        revealMatches()
        scrollToMatch()
        return [.redraw]
    }

    mutating func stepSearch(forward: Bool) -> [Effect] {
        guard var found = search else { return [] }
        found.step(forward: forward)
        search = found
        revealMatches(only: found.currentMatch.map { [$0.line] })
        scrollToMatch()
        return []
    }

    mutating func endSearch() -> [Effect] {
        search = nil
        searchEditor = nil
        return []
    }

    /// Opens the folds that hide a match (all of them, or only `lines`).
    private mutating func revealMatches(only lines: [Int]? = nil) {
        guard let search, !self.lines.folding.isEmpty else { return }
        var matched = lines ?? search.matches.map(\.line)
        if lines == nil {
            // Sorted already; one entry per line.
            var unique: [Int] = []
            for line in matched where unique.last != line { unique.append(line) }
            matched = unique
        }
        self.lines.refold { folding, containers in folding.reveal(matched, in: containers) }
    }

    /// Puts the current match's line at the cursor.
    private mutating func scrollToMatch() {
        guard let match = search?.currentMatch else { return }
        if let area { lines.shown(width: area.width) }
        if let line = lines.shownLine(ofFull: match.line) { scroll = line }
    }

    mutating func fold() -> [Effect] {
        let line = cursorLine()
        var changed: Int?
        lines.refold { folding, containers in changed = folding.toggle(at: line, in: containers) }
        // The node that folded (or opened) is put at the cursor.
        if let changed {
            if let area { lines.shown(width: area.width) }
            if let shown = lines.shownLine(ofFull: changed) { scroll = shown }
        }
        return [.redraw]
    }

    mutating func foldAll() -> [Effect] {
        let line = cursorLine()
        lines.refold { folding, containers in folding.toggleAll(in: containers) }
        if let area { lines.shown(width: area.width) }
        // The line under the cursor stays, or the folded node that holds it.
        let hiding = lines.folding.folded.filter { open in
            open < line && line <= (lines.containers[open]?.close ?? open)
        }
        scroll = lines.shownLine(ofFull: hiding.min() ?? line) ?? 0
        return [.redraw]
    }

    /// `3 of 17` while a search with matches is active.
    var searchPosition: String? {
        guard let search, !search.matches.isEmpty else { return nil }
        let total = search.isCapped ? "\(search.matches.count)+" : "\(search.matches.count)"
        return Texts.Detail.searchPosition(current: search.current + 1, total: total)
    }

    /// The search line under the record: the needle being typed, or the
    /// active search with its keys.
    var searchLine: String? {
        if let searchEditor { return "/" + searchEditor.text + "▏" }
        guard let search else { return nil }
        return "/" + search.needle + "  " + (searchPosition ?? Texts.Detail.noMatches(needle: search.needle))
    }

    /// `shown` (the lines on screen, from shown line `offset`) with the
    /// search's matches marked, the current one apart.
    func highlighted(_ shown: ArraySlice<[JSONLines.Span]>, offset: Int) -> [[JSONLines.Span]] {
        guard let search, !search.matches.isEmpty else { return Array(shown) }
        let current = search.currentMatch.flatMap { match in lines.shownRange(ofFull: match.line).map { (match, $0) } }
        var result: [[JSONLines.Span]] = []
        result.reserveCapacity(shown.count)
        // Occurrences seen so far in the current match's full line (from its first shown line).
        var seen = 0
        if let (_, range) = current, range.lowerBound < offset {
            let all = shownLines
            for line in range.lowerBound..<min(offset, range.upperBound) {
                seen += RecordTextSearch.highlight(all[line], needle: search.needle, current: nil).count
            }
        }
        for (index, line) in zip(shown.indices, shown) {
            var mark: Int?
            if let (match, range) = current, range.contains(index) { mark = match.occurrence - seen }
            let (spans, count) = RecordTextSearch.highlight(line, needle: search.needle, current: mark)
            if let (_, range) = current, range.contains(index) { seen += count }
            result.append(spans)
        }
        return result
    }
}

/// `:jq EXPR` on the record: the expression and what it selected.
struct RecordQuery: Equatable, Sendable {
    let jq: JQ
    private(set) var outputs: [JSONValue]

    /// Runs `expression` over `record`; the error says why not.
    init(_ expression: String, over record: JSONValue) throws(JQError) {
        jq = try JQ(expression)
        outputs = try jq.run(record)
    }

    /// The same expression over the record as it came again (an error: nothing).
    mutating func rerun(over record: JSONValue) {
        outputs = (try? jq.run(record)) ?? []
    }
}

extension RecordDetailState {
    mutating func narrowed(_ query: RecordQuery?) -> [Effect] {
        self.query = query
        search = nil
        searchEditor = nil
        scroll = 0
        renderLines(keepingFolds: false)
        return [.redraw]
    }
}
