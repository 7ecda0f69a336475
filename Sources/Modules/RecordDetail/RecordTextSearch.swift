import TerminalUI

/// A search of the record's lines (`/` on the detail): every occurrence of
/// the needle in the keys and values as rendered, case-insensitive, and
/// which of them is current (`n`/`N` move it, round the ends).
///
/// Pure: made from the rendered lines once when the search is entered (one
/// pass over their bytes), then moving is a step through `matches`.
/// Bounded: the needle is at most `needleLimit` characters, and at most
/// `matchLimit` occurrences are kept (`isCapped` then says so).
struct RecordTextSearch: Equatable, Sendable {
    /// The longest needle kept (longer ones are cut).
    static let needleLimit = 256
    /// The most occurrences counted.
    static let matchLimit = 100_000

    /// One occurrence: its line (in the record's full rendering) and its
    /// number among that line's occurrences (from 0).
    struct Match: Equatable, Sendable {
        var line: Int
        var occurrence: Int
    }

    /// The needle as typed.
    let needle: String
    /// Every occurrence, in reading order.
    let matches: [Match]
    /// More occurrences than `matchLimit`: those after it are not kept.
    let isCapped: Bool
    /// The current match's index in `matches` (0 when there are none).
    private(set) var current = 0

    /// Searches `lines` (the record's full rendering) for `needle`; the
    /// first match at or after line `from` is current.
    init(needle: String, lines: [[JSONLines.Span]], from: Int = 0) {
        let cut = String(needle.prefix(Self.needleLimit))
        self.needle = cut
        let pattern = Array(cut.lowercased().utf8)
        var found: [Match] = []
        var capped = false
        if !pattern.isEmpty {
            lineLoop: for (index, line) in lines.enumerated() {
                var text = ""
                for span in line { text += span.text }
                var occurrence = 0
                for _ in Self.occurrences(of: pattern, in: Array(text.lowercased().utf8)) {
                    guard found.count < Self.matchLimit else {
                        capped = true
                        break lineLoop
                    }
                    found.append(Match(line: index, occurrence: occurrence))
                    occurrence += 1
                }
            }
        }
        matches = found
        isCapped = capped
        current = found.firstIndex { $0.line >= from } ?? 0
    }

    /// The current match, or `nil` when nothing matched.
    var currentMatch: Match? { matches.isEmpty ? nil : matches[current] }

    /// The next match (`forward`) or the previous one, round the ends.
    mutating func step(forward: Bool) {
        guard !matches.isEmpty else { return }
        current = (current + (forward ? 1 : matches.count - 1)) % matches.count
    }

    /// The start offsets of `pattern`'s non-overlapping occurrences in `text` (bytes).
    static func occurrences(of pattern: [UInt8], in text: [UInt8]) -> [Int] {
        guard !pattern.isEmpty, text.count >= pattern.count else { return [] }
        var starts: [Int] = []
        let first = pattern[0]
        var index = 0
        let last = text.count - pattern.count
        while index <= last {
            if text[index] == first, text[index..<(index + pattern.count)].elementsEqual(pattern) {
                starts.append(index)
                index += pattern.count
            } else {
                index += 1
            }
        }
        return starts
    }

    /// `line` with every occurrence of `needle` (case-insensitive) in the
    /// `match` role, the one numbered `current` (from 0) in `currentRole`.
    /// Used for the lines on screen only (after folding to the width, so a
    /// match broken over two lines is not marked).
    static func highlight(
        _ line: [JSONLines.Span], needle: String, current: Int?, match: Role = .selection,
        currentRole: Role = .cursorRow
    ) -> (spans: [JSONLines.Span], count: Int) {
        let pattern = Array(needle.lowercased())
        guard !pattern.isEmpty else { return (line, 0) }
        // Each character of the line, lower-cased, with the span it is in.
        var characters: [(lower: Character, span: Int)] = []
        for (index, span) in line.enumerated() {
            for character in span.text {
                let lower = String(character).lowercased()
                characters.append((lower.count == 1 ? lower.first ?? character : character, index))
            }
        }
        var marks = [Role?](repeating: nil, count: characters.count)
        var count = 0
        var index = 0
        while index + pattern.count <= characters.count {
            if (0..<pattern.count).allSatisfy({ characters[index + $0].lower == pattern[$0] }) {
                let role = count == current ? currentRole : match
                for offset in 0..<pattern.count { marks[index + offset] = role }
                count += 1
                index += pattern.count
            } else {
                index += 1
            }
        }
        guard count > 0 else { return (line, 0) }
        var spans: [JSONLines.Span] = []
        var position = 0
        for (spanIndex, span) in line.enumerated() {
            var piece = ""
            var pieceRole: Role? = nil
            for character in span.text {
                let role = marks[position] ?? line[spanIndex].role
                if role != pieceRole, !piece.isEmpty, let pieceRole {
                    spans.append((piece, pieceRole))
                    piece = ""
                }
                pieceRole = role
                piece.append(character)
                position += 1
            }
            if !piece.isEmpty, let pieceRole { spans.append((piece, pieceRole)) }
        }
        return (spans, count)
    }
}
