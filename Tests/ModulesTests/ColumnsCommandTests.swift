import Services
import Testing

@testable import Modules

/// `:columns`, `:view` and `:views`: what they parse to, what is refused,
/// and what the prompt completes (column names, nested paths, view names).
@Suite("Command line: columns and views")
struct ColumnsCommandTests {
    let names = ResourceCatalog.jsonPlaceholder.names

    private func parse(_ line: String) throws(CommandParser.Failure) -> AppCommand {
        try CommandParser.parse(line, resources: names)
    }

    @Test func columnsAndViewsParse() throws {
        #expect(try parse("columns") == .columns(nil))
        #expect(try parse("columns hide userId") == .columns(.hide("userId")))
        #expect(try parse("columns show userId") == .columns(.show("userId")))
        #expect(try parse("columns show") == .columns(.showAll))
        #expect(try parse("columns move title 1") == .columns(.move("title", to: 1)))
        #expect(try parse("columns width title 30") == .columns(.width("title", 30)))
        #expect(try parse("columns add author.name") == .columns(.add("author.name")))
        #expect(try parse("view save mine") == .saveView(name: "mine"))
        #expect(try parse("view mine") == .showView(name: "mine"))
        #expect(try parse("view default") == .showView(name: "default"))
        #expect(try parse("views") == .views)
    }

    @Test func badColumnsAndViewsAreOneLine() {
        for line in [
            "columns width title 0", "columns width title 501", "columns move title x", "columns hide",
            "columns spin title", "view save default", "view save a/b", "view", "views x",
            "view save " + String(repeating: "v", count: SavedListView.longestName + 1),
        ] {
            #expect(throws: CommandParser.Failure.self, "\(line)") { try parse(line) }
        }
    }

    @Test func thePromptCompletesColumnsPathsAndViews() {
        let completer = CommandCompleter(
            catalog: .jsonPlaceholder, listFields: ["id", "title", "author.name"], columns: ["id", "title"],
            views: ["mine", "wide"])
        #expect(completer.completions(for: "col") == ["columns"])
        #expect(completer.completions(for: "columns h") == ["columns hide"])
        #expect(completer.completions(for: "columns hide t") == ["columns hide title"])
        #expect(completer.completions(for: "columns add a") == ["columns add author.name"])
        #expect(completer.completions(for: "view w") == ["view wide"])
        #expect(completer.completions(for: "view ").contains("view save"))
        // Without a list on top the commands are not offered.
        #expect(CommandCompleter(catalog: .jsonPlaceholder).completions(for: "col").isEmpty)
    }
}
