import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The built `trestle` in a real terminal (tmux), fake environment: what a
    /// user sees and does on the todo list, detail and help screens.
    @Suite
    struct TodoListEndToEndTests {
        @Test func startsInTheFakeEnvironmentShowingTheTodos() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            let screen = try await app.waitForList()
            let lines = screen.components(separatedBy: "\n").filter { !$0.isEmpty }
            #expect(lines.first?.contains("Trestle") == true)
            #expect(lines.first?.contains("todos") == true)
            #expect(screen.contains("ID"))
            #expect(screen.contains("Done"))
            #expect(screen.contains("User"))
            #expect(screen.contains(" FAKE "))
            #expect(screen.contains("todos 200"))
            // Row 1 of the table is todo 1, with a done or pending mark.
            #expect(TableRows.ids(in: screen).prefix(3) == [1, 2, 3])
            // The status bar is the last row of the 40-row terminal.
            let all = screen.components(separatedBy: "\n")
            #expect(all.count >= 40)
            #expect(all[39].contains("FAKE"))
        }

        @Test func enterOpensTheDetailAndEscReturnsWithTheCursorKept() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            try await app.waitForList()
            #expect(try TableRows.cursorID(in: app.session.screenWithStyles()) == 1)
            try app.session.press("j")
            try app.session.press("j")
            try await app.session.eventually("the cursor on todo 3", styled: true) { styled in
                TableRows.cursorID(in: styled) == 3
            }
            try app.session.press("Enter")
            // The header and the body can be captured between two frames: wait for both.
            let detail = try await app.session.eventually("todo 3's detail") { screen in
                screen.contains("todos › 3") && screen.contains("\"id\": 3")
            }
            #expect(detail.contains("\"completed\": "))
            try app.session.press("Escape")
            let list = try await app.session.eventually("the list again, without the detail") { screen in
                screen.contains("todos 200") && !screen.contains("todos › 3") && !screen.contains("\"completed\": ")
            }
            #expect(!list.contains("todos › 3"))
            try await app.session.eventually("the cursor still on todo 3", styled: true) { styled in
                TableRows.cursorID(in: styled) == 3
            }
        }

        @Test func spaceTogglesCompletedAndTogglesBack() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            let screen = try await app.waitForList()
            let before = try #require(TableRows.mark(ofID: 1, in: screen))
            let firstState = before == "✓" ? "not done" : "done"
            let secondState = before == "✓" ? "done" : "not done"

            try app.session.press("Space")
            let toggled = try await app.session.eventually("todo 1 toggled") { screen in
                TableRows.mark(ofID: 1, in: screen) != before && screen.contains("Todo 1 marked \(firstState)")
            }
            #expect(TableRows.mark(ofID: 1, in: toggled) == (before == "✓" ? "·" : "✓"))

            try app.session.press("Space")
            let back = try await app.session.eventually("todo 1 toggled back") { screen in
                TableRows.mark(ofID: 1, in: screen) == before && screen.contains("Todo 1 marked \(secondState)")
            }
            #expect(TableRows.mark(ofID: 1, in: back) == before)
            #expect(TableRows.ids(in: back).first == 1)
        }

        @Test func filterNarrowsAsYouTypeAndEscClears() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            try await app.waitForList()
            try app.session.press("/")
            try await app.session.eventuallyShows("/ ▏")
            try app.session.type("lant")
            let narrowed = try await app.session.eventually("the filter “lant” applied") { screen in
                screen.contains("/ lant▏") && screen.range(of: #"todos \d+ of 200"#, options: .regularExpression) != nil
            }
            let count = try #require(Self.filteredCount(in: narrowed))
            #expect(count > 0 && count < 200)
            #expect(narrowed.contains("\(count) match"))
            // Every visible row matches (case-insensitively) the filter.
            let titles = TableRows.titles(in: narrowed)
            #expect(!titles.isEmpty)
            #expect(titles.allSatisfy { $0.lowercased().contains("lant") })

            try app.session.press("Escape")
            let cleared = try await app.session.eventually("the filter cleared") { screen in
                screen.contains("todos 200") && !screen.contains("/ lant")
            }
            #expect(TableRows.ids(in: cleared).prefix(3) == [1, 2, 3])
        }

        @Test func helpListsTheKeysAndEscClosesIt() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            try await app.waitForList()
            try app.session.press("?")
            // The whole box, not its first rows: tmux can capture between two frames.
            let help = try await app.session.eventually("the help box drawn") { screen in
                screen.contains("toggle completed") && screen.contains("Ctrl-C")
            }
            #expect(help.contains("filter"))
            try app.session.press("Escape")
            let list = try await app.session.eventually("help closed, the rows back") { screen in
                !screen.contains("toggle completed") && TableRows.ids(in: screen).prefix(3) == [1, 2, 3]
            }
            #expect(list.contains("todos 200"))
        }

        @Test func helpShowsEveryKeyInFull() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            try await app.waitForList()
            try app.session.press("?")
            // The whole box (its last row is Ctrl-C's): tmux can capture between two frames.
            let help = try await app.session.eventually("the help box drawn") { screen in
                screen.contains("toggle completed") && screen.contains("Ctrl-C")
            }
            // PRODUCT.md: the list pages with "PgUp PgDn / Ctrl-B Ctrl-F".
            #expect(help.contains("Ctrl-B Ctrl-F"), "a key name is cut short in the help")
            let truncated = help.components(separatedBy: "\n").filter { $0.contains("│") && $0.contains("…") }
            #expect(truncated.isEmpty, "truncated help lines: \(truncated)")
        }

        @Test func resizingRedrawsAtEverySizeWithoutCrashing() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            try await app.waitForList()
            let pid = try app.trestlePID()
            #expect(pid > 0)

            for (cols, rows) in [(40, 10), (120, 40), (20, 5), (1, 1), (80, 24)] {
                try app.session.resize(cols: cols, rows: rows)
                let size = try app.session.paneSize()
                #expect(size.cols == cols && size.rows == rows, "tmux pane is \(size), asked for \(cols)x\(rows)")
                if cols >= 40 && rows >= 10 {
                    // A usable size: header on top, todos, status bar on the last row.
                    let screen = try await app.session.eventually("the list at \(cols)x\(rows)") { screen in
                        let lines = screen.components(separatedBy: "\n")
                        return lines.count >= rows && lines[0].contains("Trestle") && lines[rows - 1].contains("FAKE")
                            && TableRows.ids(in: screen).first == 1
                    }
                    let lines = screen.components(separatedBy: "\n")
                    #expect(lines.prefix(rows).allSatisfy { $0.count <= cols })
                } else {
                    // Too small for the list: something is drawn and the app lives on.
                    try await app.session.eventually("a redraw at \(cols)x\(rows)") { screen in
                        !screen.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                    }
                }
                #expect(kill(pid, 0) == 0, "trestle died at \(cols)x\(rows)")
                #expect(try app.session.paneFormat("#{pane_dead}") == "0")
            }
            // Still responsive at the end.
            try app.session.press("j")
            try await app.session.eventually("the cursor moved after resizing", styled: true) { styled in
                TableRows.cursorID(in: styled) == 2
            }
        }

        @Test func noColorDrawsWithoutColourEscapes() async throws {
            let app = try RunningApp(environment: ["NO_COLOR": "1"])
            defer { app.stop() }
            try await app.waitForList()
            let styled = try app.session.screenWithStyles()
            let coloured = styled.components(separatedBy: "\n").flatMap(StyledScreen.sgrParameters(in:))
                .filter(StyledScreen.setsColour)
            #expect(coloured.isEmpty, "colour escapes under NO_COLOR: \(Set(coloured).sorted())")
            // The cursor row is still visible (reverse or bold), on todo 1.
            #expect(TableRows.cursorID(in: styled) == 1)
        }

        static func filteredCount(in screen: String) -> Int? {
            guard let range = screen.range(of: #"todos (\d+) of 200"#, options: .regularExpression) else { return nil }
            return Int(screen[range].split(separator: " ")[1])
        }
    }
}

/// Reading the todo table off the screen.
enum TableRows {
    /// A table row: `   12  ✓   title …   3`.
    static let pattern = #"^\s*(\d+)\s+([✓·])\s+(.*?)\s+(\d+)\s*$"#

    static func parse(_ line: String) -> (id: Int, mark: String, title: String)? {
        let regex = try? NSRegularExpression(pattern: pattern)
        let range = NSRange(line.startIndex..., in: line)
        guard let match = regex?.firstMatch(in: line, range: range), match.numberOfRanges == 5,
            let idRange = Range(match.range(at: 1), in: line), let markRange = Range(match.range(at: 2), in: line),
            let titleRange = Range(match.range(at: 3), in: line), let id = Int(line[idRange])
        else { return nil }
        return (id, String(line[markRange]), String(line[titleRange]))
    }

    static func ids(in screen: String) -> [Int] {
        screen.components(separatedBy: "\n").compactMap { parse($0)?.id }
    }

    static func titles(in screen: String) -> [String] {
        screen.components(separatedBy: "\n").compactMap { parse($0)?.title }
    }

    static func mark(ofID id: Int, in screen: String) -> String? {
        screen.components(separatedBy: "\n").compactMap(parse).first { $0.id == id }?.mark
    }

    /// The id on the cursor row of a `capture-pane -e` screen: the one
    /// table row drawn highlighted (a non-default background or reverse
    /// video where its id is). nil when no row, or more than one, is.
    static func cursorID(in styled: String) -> Int? {
        let highlighted = StyledScreen.linesWithLeadingStyle(styled).compactMap { line, style -> Int? in
            guard let row = parse(line), style.isHighlighted else { return nil }
            return row.id
        }
        return highlighted.count == 1 ? highlighted[0] : nil
    }
}
