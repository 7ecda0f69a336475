import TerminalUI
import Translations

/// Which objects and arrays of the record are folded (`z`, `Z`), and the
/// lines that shows: a folded node is one line, `"tags": […] 300 items`.
///
/// Pure: nodes are named by the line they open on in the record's full
/// rendering (`JSONLines.outline`), so folding is a set of line numbers and
/// the lines shown are one pass over the rendering.
struct RecordFolding: Equatable, Sendable {
    /// The opening lines of the folded nodes.
    private(set) var folded: Set<Int> = []

    var isEmpty: Bool { folded.isEmpty }

    /// The innermost node that holds `line` (or opens on it), by its opening line.
    static func node(at line: Int, in containers: [Int: JSONLines.Container]) -> Int? {
        var best: Int?
        for (open, container) in containers where open <= line && line <= container.close {
            if best.map({ open > $0 }) ?? true { best = open }
        }
        return best
    }

    /// `z` on `line`: a folded node there opens; else the innermost node
    /// holding the line folds (the record itself, line 0, never folds).
    /// Returns the opening line of the node that changed.
    @discardableResult
    mutating func toggle(at line: Int, in containers: [Int: JSONLines.Container]) -> Int? {
        if folded.contains(line) {
            folded.remove(line)
            return line
        }
        guard let node = Self.node(at: line, in: containers), node != 0 else { return nil }
        folded.insert(node)
        return node
    }

    /// `Z`: with any node folded, everything opens; else every node but
    /// the record itself folds (its fields then show one line each).
    mutating func toggleAll(in containers: [Int: JSONLines.Container]) {
        if !folded.isEmpty {
            folded = []
        } else {
            folded = Set(containers.keys.filter { $0 != 0 })
        }
    }

    /// Opens the folded nodes that hide one of `lines` (sorted ascending).
    mutating func reveal(_ lines: [Int], in containers: [Int: JSONLines.Container]) {
        guard !folded.isEmpty, !lines.isEmpty else { return }
        for open in folded {
            guard let close = containers[open]?.close else { continue }
            // The first line after `open`: does it come before `close`?
            var low = 0
            var high = lines.count
            while low < high {
                let middle = (low + high) / 2
                if lines[middle] <= open { low = middle + 1 } else { high = middle }
            }
            if low < lines.count, lines[low] <= close { folded.remove(open) }
        }
    }

    /// Keeps only the folds that are still nodes of `containers` (the record changed).
    mutating func keep(in containers: [Int: JSONLines.Container]) {
        folded = folded.filter { containers[$0] != nil }
    }

    /// The lines shown with these folds, and for each the line of the full
    /// rendering it shows (a folded node: its opening line).
    func visible(
        _ lines: [[JSONLines.Span]], containers: [Int: JSONLines.Container]
    ) -> (lines: [[JSONLines.Span]], source: [Int]) {
        guard !folded.isEmpty else { return (lines, Array(lines.indices)) }
        var shown: [[JSONLines.Span]] = []
        var source: [Int] = []
        var index = 0
        while index < lines.count {
            if folded.contains(index), let container = containers[index] {
                shown.append(Self.summary(opening: lines[index], closing: lines[container.close], container))
                source.append(index)
                index = container.close + 1
            } else {
                shown.append(lines[index])
                source.append(index)
                index += 1
            }
        }
        return (shown, source)
    }

    /// The one line of a folded node: its key, `{…}` or `[…]`, how many
    /// keys or items it holds, and the closing line's comma.
    static func summary(
        opening: [JSONLines.Span], closing: [JSONLines.Span], _ container: JSONLines.Container
    ) -> [JSONLines.Span] {
        let comma = closing.last.map { String($0.text.dropFirst()) } ?? ""
        let count =
            container.isArray
            ? Texts.Detail.foldedItems(count: container.count) : Texts.Detail.foldedKeys(count: container.count)
        return Array(opening.dropLast()) + [
            (container.isArray ? "[…]" : "{…}", .jsonPunctuation), (" " + count, .dim), (comma, .jsonPunctuation),
        ]
    }
}
