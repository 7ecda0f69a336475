import Foundation
import TestSupport
import Testing

/// Reading any resource's screens (list, detail, start screen) off tmux.
enum ResourceScreen {
    /// A table row of any resource: the id first, then its cells.
    private static let rowPattern = try? NSRegularExpression(pattern: #"^\s*(\d+)\s+\S"#)

    /// The id of a list row, or nil for any other line (header, filter,
    /// paging footer, status bar, JSON).
    static func rowID(_ line: String) -> Int? {
        guard !line.contains(" loaded"), let rowPattern else { return nil }
        let range = NSRange(line.startIndex..., in: line)
        guard let match = rowPattern.firstMatch(in: line, range: range),
            let idRange = Range(match.range(at: 1), in: line)
        else { return nil }
        return Int(line[idRange])
    }

    /// The ids of the list rows on screen, top to bottom.
    static func ids(in screen: String) -> [Int] {
        screen.components(separatedBy: "\n").compactMap(rowID)
    }

    /// The line of the row with `id`.
    static func row(ofID id: Int, in screen: String) -> String? {
        screen.components(separatedBy: "\n").first { rowID($0) == id }
    }

    /// The id on the cursor row of a `capture-pane -e` screen (the one
    /// highlighted row), or nil when no row, or more than one, is.
    static func cursorID(in styled: String) -> Int? {
        let highlighted = StyledScreen.linesWithLeadingStyle(styled).compactMap { line, style -> Int? in
            style.isHighlighted ? rowID(line) : nil
        }
        return highlighted.count == 1 ? highlighted[0] : nil
    }

    /// The highlighted line of the start screen (its resource name first).
    static func cursorResource(in styled: String) -> String? {
        let names = ["todos", "posts", "comments", "albums", "photos", "users"]
        let highlighted = StyledScreen.linesWithLeadingStyle(styled).compactMap { line, style -> String? in
            guard style.isHighlighted, let word = line.split(separator: " ").first else { return nil }
            return names.contains(String(word)) ? String(word) : nil
        }
        return highlighted.count == 1 ? highlighted[0] : nil
    }

    /// The first line (header with breadcrumbs).
    static func header(_ screen: String) -> String {
        screen.components(separatedBy: "\n").first ?? ""
    }

    /// The last non-empty line of a 40-row screen: the status bar.
    static func status(_ screen: String, rows: Int = 40) -> String {
        let lines = screen.components(separatedBy: "\n")
        return lines.count >= rows ? lines[rows - 1] : (lines.last { !$0.isEmpty } ?? "")
    }

    /// The start screen's count for `resource` (`photos   5000 album`).
    static func startCount(of resource: String, in screen: String) -> Int? {
        for line in screen.components(separatedBy: "\n") {
            let words = line.split(separator: " ")
            if words.count >= 2, words[0] == resource, let count = Int(words[1]) { return count }
        }
        return nil
    }
}

extension RunningApp {
    /// Waits until the cursor is on the row with `id` and `condition` holds
    /// on the same capture; returns that screen as text.
    @discardableResult
    func eventuallyCursor(
        on id: Int, timeout: TimeInterval = 120, where condition: (String) -> Bool = { _ in true }
    ) async throws -> String {
        var text = ""
        try await session.eventually("the cursor on \(id)", timeout: timeout, styled: true) { styled in
            text = styled.components(separatedBy: "\n").map(StyledScreen.strip).joined(separator: "\n")
            return ResourceScreen.cursorID(in: styled) == id && condition(text)
        }
        return text
    }

    /// Moves the cursor down to the row with `id` (rows already on screen)
    /// and waits until it is there.
    func moveCursor(to id: Int) async throws {
        let screen = try session.screen()
        let ids = ResourceScreen.ids(in: screen)
        let cursor = try #require(ResourceScreen.cursorID(in: session.screenWithStyles()), "no cursor row:\n\(screen)")
        let from = try #require(ids.firstIndex(of: cursor))
        let to = try #require(ids.firstIndex(of: id), "no row \(id) on screen:\n\(screen)")
        for _ in 0..<max(0, to - from) { try session.press("j") }
        for _ in 0..<max(0, from - to) { try session.press("k") }
        try await eventuallyCursor(on: id)
    }

    /// Waits for a list: its header (breadcrumbs, and the last one when a
    /// long label in between is cut short) and `count` in the status bar.
    @discardableResult
    func eventuallyList(_ breadcrumbs: String, last: String? = nil, count: String) async throws -> String {
        try await session.eventually("the list “\(breadcrumbs)” with “\(count)”") { screen in
            let header = ResourceScreen.header(screen)
            let crumbs =
                if let last {
                    header.contains(" Trestle \(breadcrumbs)") && header.contains(" › \(last) ")
                } else {
                    header.contains(" Trestle \(breadcrumbs) ")
                }
            return crumbs
                && ResourceScreen.status(screen).contains("    \(count)    ")
                && !ResourceScreen.ids(in: screen).isEmpty
        }
    }

    /// Waits for a record's detail: the header ends in `breadcrumbs`, the
    /// relations line reads `related`, and the JSON shows `"id": id`.
    @discardableResult
    func eventuallyDetail(_ breadcrumbs: String, id: Int, related: String) async throws -> String {
        try await session.eventually("the detail “\(breadcrumbs)” with “\(related)”") { screen in
            ResourceScreen.header(screen).contains(breadcrumbs) && screen.contains(" related  \(related)")
                && screen.contains("\"id\": \(id),")
        }
    }

    /// Opens the `:` command line, types `line` and runs it.
    func command(_ line: String) async throws {
        try session.press(":")
        try await session.eventually("the command line") { ResourceScreen.status($0).hasPrefix(":") }
        try session.type(line)
        try await session.eventually("“:\(line)” typed") { ResourceScreen.status($0).hasPrefix(":\(line)") }
        try session.press("Enter")
    }

    /// Esc from the launch list: the start screen once every count is in.
    @discardableResult
    func eventuallyStartScreen() async throws -> String {
        try await session.eventually("the start screen with every count") { screen in
            screen.contains("Resources of this service")
                && ["todos", "posts", "comments", "albums", "photos", "users"].allSatisfy {
                    ResourceScreen.startCount(of: $0, in: screen) != nil
                }
        }
    }
}
