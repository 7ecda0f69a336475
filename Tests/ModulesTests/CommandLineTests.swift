import Services
import TerminalUI
import Testing

@testable import Modules

@Suite("Command line: parser")
struct CommandParserTests {
    let names = ResourceCatalog.jsonPlaceholder.names

    private func parse(_ line: String) throws(CommandParser.Failure) -> AppCommand {
        try CommandParser.parse(line, resources: names)
    }

    private func failure(_ line: String) -> String? {
        do {
            let command = try parse(line)
            Issue.record("'\(line)' parsed as \(command)")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aResourceNameOpensItsList() throws {
        #expect(try parse("posts") == .open(resource: "posts", id: nil, filters: []))
        // A name as typed: singular or plural, any case, when only one collection fits.
        #expect(try parse("post") == .open(resource: "posts", id: nil, filters: []))
        #expect(try parse("USER 3") == .open(resource: "users", id: "3", filters: []))
        #expect(try parse("  photos  ") == .open(resource: "photos", id: nil, filters: []))
    }

    @Test func aResourceAndAnIDOpensTheRecord() throws {
        #expect(try parse("users 3") == .open(resource: "users", id: "3", filters: []))
        #expect(try parse("notes a1b2") == .open(resource: "notes", id: "a1b2", filters: []))
    }

    @Test func fieldEqualsValueArgumentsAreFilters() throws {
        #expect(
            try parse("todos userId=2 completed=false")
                == .open(
                    resource: "todos", id: nil,
                    filters: [ListQuery.Filter("userId", "2"), ListQuery.Filter("completed", "false")]))
        #expect(
            try parse("comments email=a=b")
                == .open(
                    resource: "comments", id: nil, filters: [ListQuery.Filter("email", "a=b")]))
    }

    @Test func filtersTakeOperators() throws {
        #expect(
            try parse("books year>=1990 title~lantern author.name=Ada id in 1,2,3 year<2000 status!=lost")
                == .open(
                    resource: "books", id: nil,
                    filters: [
                        ListQuery.Filter("year", "1990", .greaterOrEqual),
                        ListQuery.Filter("title", "lantern", .contains),
                        ListQuery.Filter("author.name", "Ada"),
                        ListQuery.Filter("id", "1,2,3", .oneOf),
                        ListQuery.Filter("year", "2000", .less),
                        ListQuery.Filter("status", "lost", .notEqual),
                    ]))
        #expect(
            try parse("photos albumId>3 albumId<=5")
                == .open(
                    resource: "photos", id: nil,
                    filters: [
                        ListQuery.Filter("albumId", "3", .greater), ListQuery.Filter("albumId", "5", .lessOrEqual),
                    ]))
    }

    @Test func aBadOperatorNamesTheValidForms() {
        #expect(
            failure("books year=>1990")
                == "Unknown operator '=>' in 'year=>1990' — use \(CommandParser.operatorForms)")
        #expect(failure("books year<>1990")?.hasPrefix("Unknown operator '<>'") == true)
        #expect(failure("books id in") == "'id in' needs values: id in 1,2,3")
    }

    @Test func quitHelpAndResources() throws {
        #expect(try parse("q") == .quit)
        #expect(try parse("quit") == .quit)
        #expect(try parse("help") == .help)
        #expect(try parse("resources") == .resources)
    }

    @Test func requestsOpensTheInspectorUnlessAServiceHasRequests() throws {
        #expect(try parse("requests") == .requests)
        #expect(
            try CommandParser.parse("requests", resources: ["requests"])
                == .open(resource: "requests", id: nil, filters: []))
    }

    @Test func exportTakesAFormatAndTheRestOfTheLineAsPath() throws {
        #expect(try parse("export csv out.csv") == .export(.csv, path: "out.csv"))
        #expect(try parse("export JSON ~/my todos.json") == .export(.json, path: "~/my todos.json"))
        #expect(failure("export xml out.xml") == "Usage: :export csv FILE  or  :export json FILE")
        #expect(failure("export csv") == "Usage: :export csv FILE  or  :export json FILE")
    }

    @Test func freqNamesOneField() throws {
        #expect(try parse("freq completed") == .frequency(field: "completed"))
        #expect(try parse("frequency address.city") == .frequency(field: "address.city"))
        #expect(failure("freq") == "Usage: :freq FIELD  (e.g. :freq completed)")
        #expect(failure("freq completed userId") == "Usage: :freq FIELD  (e.g. :freq completed)")
    }

    @Test func aTypoSuggestsTheClosestName() {
        #expect(failure("psts") == "Unknown resource 'psts' — did you mean :posts?")
        #expect(failure("usres") == "Unknown resource 'usres' — did you mean :users?")
        #expect(failure("exprt") == "Unknown resource 'exprt' — did you mean :export?")
    }

    @Test func malformedLinesSayWhatIsWrong() {
        #expect(failure("") == "Empty command — try :posts or :q")
        #expect(failure("todos/1") == "Unknown command 'todos/1' — try :todos, :export csv FILE or :q")
        #expect(failure("todos =3") == "Filter '=3' has no field name")
        #expect(failure("todos 1 2") == "Unexpected '2' — filters look like field=value")
        #expect(failure("todos 1 userId=2") == "Give an id or filters, not both")
    }

    @Test func anUndescribedCollectionIsAllowed() throws {
        #expect(try parse("widgets") == .open(resource: "widgets", id: nil, filters: []))
    }
}

@Suite("Command line: :service and :env")
struct SwitchCommandTests {
    @Test func serviceAndEnvTakeOneName() throws {
        let names = ResourceCatalog.jsonPlaceholder.names
        #expect(try CommandParser.parse("service garden", resources: names) == .service(name: "garden"))
        #expect(try CommandParser.parse("env fake", resources: names) == .environment(name: "fake"))
        #expect(throws: CommandParser.Failure.self) { try CommandParser.parse("service", resources: names) }
        #expect(throws: CommandParser.Failure.self) { try CommandParser.parse("env a b", resources: names) }
    }

    @Test func aServicesOwnCollectionNamedServiceKeepsItsName() throws {
        #expect(
            try CommandParser.parse("service 3", resources: ["service"])
                == .open(resource: "service", id: "3", filters: []))
    }
}

@Suite("Command line: completion")
struct CommandCompleterTests {
    let completer = CommandCompleter(catalog: .jsonPlaceholder)

    @Test func anEmptyLineOffersEveryResourceAndKeyword() {
        #expect(
            completer.completions(for: "")
                == [
                    "todos", "posts", "comments", "albums", "photos", "users", "export", "freq", "requests", "ops",
                    "resources", "env", "help", "quit",
                ])
    }

    @Test func serviceNamesAndEnvironmentsAreOffered() {
        let completer = CommandCompleter(catalog: .jsonPlaceholder, services: ["library", "garden", "gallery"])
        #expect(completer.completions(for: "se") == ["service"])
        #expect(completer.completions(for: "service ") == ["service library", "service garden", "service gallery"])
        #expect(completer.completions(for: "service ga") == ["service garden", "service gallery"])
        #expect(completer.completions(for: "service garden ").isEmpty)
        #expect(completer.completions(for: "env p") == ["env production"])
        // Without services in the config file, `:service` is not offered.
        #expect(self.completer.completions(for: "se").isEmpty)
    }

    @Test func aPrefixNarrowsTheResourceNames() {
        #expect(completer.completions(for: "p") == ["posts", "photos"])
        #expect(completer.completions(for: "al") == ["albums"])
        #expect(completer.completions(for: "posts").isEmpty)
    }

    @Test func afterAResourceItsFieldsAreOffered() {
        #expect(
            completer.completions(for: "todos ")
                == ["todos id=", "todos completed=", "todos title=", "todos userId="])
        #expect(completer.completions(for: "todos u") == ["todos userId="])
        #expect(completer.completions(for: "todos userId=2 c") == ["todos userId=2 completed="])
        #expect(completer.completions(for: "comments p") == ["comments postId="])
        #expect(completer.completions(for: "widgets ") == ["widgets id="])
    }

    @Test func aBooleanFieldsValuesAreOffered() {
        #expect(completer.completions(for: "todos completed=") == ["todos completed=true", "todos completed=false"])
        #expect(completer.completions(for: "todos userId=2 completed=f") == ["todos userId=2 completed=false"])
        #expect(completer.completions(for: "todos title=") == [])
        #expect(completer.completions(for: "todos completed!=t") == ["todos completed!=true"])
    }

    @Test func aWholeFieldNameOffersTheOperators() {
        #expect(
            completer.completions(for: "todos userId")
                == [
                    "todos userId=", "todos userId!=", "todos userId<", "todos userId<=", "todos userId>",
                    "todos userId>=", "todos userId~", "todos userId in ",
                ])
    }

    @Test func afterExportTheFormatsAreOffered() {
        #expect(completer.completions(for: "export ") == ["export json", "export csv", "export raw-csv"])
        #expect(completer.completions(for: "export c") == ["export csv"])
        #expect(completer.completions(for: "export csv ").isEmpty)
    }

    @Test func afterFreqTheListsFieldsAreOffered() {
        let completer = CommandCompleter(
            catalog: .jsonPlaceholder, listFields: CommandCompleter.fields(of: ResourceDescriptor.todos))
        #expect(completer.completions(for: "freq ") == ["freq id", "freq completed", "freq title", "freq userId"])
        #expect(completer.completions(for: "freq c") == ["freq completed"])
        #expect(completer.completions(for: "freq completed ").isEmpty)
        // Without a list on top there is nothing to count.
        #expect(self.completer.completions(for: "freq ").isEmpty)
    }

    @Test func theCommonPrefixOfCandidates() {
        #expect(CommandCompleter.commonPrefix(["categories", "cats"]) == "cat")
        #expect(CommandCompleter.commonPrefix(["posts", "photos"]) == "p")
        #expect(CommandCompleter.commonPrefix([]) == "")
    }
}

@Suite("Command line: the prompt")
struct CommandPromptTests {
    static let pets = ResourceCatalog([
        ResourceDescriptor(name: "categories", columns: [.init("id")]),
        ResourceDescriptor(name: "cats", columns: [.init("id")]),
        ResourceDescriptor(name: "dogs", columns: [.init("id")]),
    ])

    private func prompt(typing text: String, catalog: ResourceCatalog = .jsonPlaceholder) -> CommandPrompt {
        var prompt = CommandPrompt(completer: CommandCompleter(catalog: catalog))
        var history = LineHistory()
        for character in text { _ = prompt.handle(.char(character), history: &history) }
        return prompt
    }

    @Test func tabCompletesTheCommonPrefixThenCyclesThroughTheCandidates() {
        var prompt = prompt(typing: "c", catalog: Self.pets)
        var history = LineHistory()
        #expect(prompt.candidates == ["categories", "cats"])
        _ = prompt.handle(.tab, history: &history)
        #expect(prompt.editor.text == "cat")
        _ = prompt.handle(.tab, history: &history)
        #expect(prompt.editor.text == "categories")
        _ = prompt.handle(.tab, history: &history)
        #expect(prompt.editor.text == "cats")
        _ = prompt.handle(.tab, history: &history)
        #expect(prompt.editor.text == "categories")
        _ = prompt.handle(.backTab, history: &history)
        #expect(prompt.editor.text == "cats")
    }

    @Test func aSingleCandidateIsCompletedWithASpaceOrAfterTheEqualsSign() {
        var history = LineHistory()
        var resource = prompt(typing: "po")
        _ = resource.handle(.tab, history: &history)
        #expect(resource.editor.text == "posts ")
        #expect(resource.candidates.first == "posts id=")
        var field = prompt(typing: "todos u")
        _ = field.handle(.tab, history: &history)
        #expect(field.editor.text == "todos userId=")
        var format = prompt(typing: "export c")
        _ = format.handle(.tab, history: &history)
        #expect(format.editor.text == "export csv ")
    }

    @Test func enterSubmitsTheTrimmedLineAndRemembersIt() {
        var prompt = prompt(typing: "users 3 ")
        var history = LineHistory()
        #expect(prompt.handle(.enter, history: &history) == .submit("users 3"))
        var next = CommandPrompt(completer: CommandCompleter(catalog: .jsonPlaceholder))
        _ = next.handle(.up, history: &history)
        #expect(next.editor.text == "users 3")
    }

    @Test func escOrBackspaceOnAnEmptyLineCancels() {
        var history = LineHistory()
        var typed = prompt(typing: "x")
        #expect(typed.handle(.escape, history: &history) == .cancel)
        var empty = prompt(typing: "")
        #expect(empty.handle(.backspace, history: &history) == .cancel)
        var blank = prompt(typing: "  ")
        #expect(blank.handle(.enter, history: &history) == .cancel)
    }
}
