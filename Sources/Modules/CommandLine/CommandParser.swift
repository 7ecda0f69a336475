import Foundation
import Services
import TerminalUI
import Translations

/// Reads a command line: one line in, one command or one clear error out.
public enum CommandParser {
    /// A command line that does not parse, in words.
    public struct Failure: Error, Equatable, Sendable {
        public var message: String
        /// For an unknown resource close to a known name: the name typed and
        /// the suggestion, so a launch can say it in the shell's words.
        public var unknownResource: String?
        public var suggestion: String?

        public init(message: String, unknownResource: String? = nil, suggestion: String? = nil) {
            self.message = message
            self.unknownResource = unknownResource
            self.suggestion = suggestion
        }
    }

    /// The commands besides resource names, for completion and errors.
    public static let keywords = [
        "export", "freq", "requests", "curl", "history", "ops", "watch", "resources", "help", "quit", "q",
        "service", "env", "goto", "jq", "columns", "view", "views",
        "curl-open", "logout",
    ]

    public static func parse(_ line: String, resources: [String]) throws(Failure) -> AppCommand {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let head = words.first else { throw Failure(message: Texts.Command.empty) }
        switch head {
        case "q", "quit", "q!", "exit":
            return .quit
        case "help", "?":
            return .help
        case "resources", "home":
            return .resources
        case "requests" where !resources.contains("requests"):
            // A service's own `requests` collection keeps its name.
            return .requests
        case "curl" where !resources.contains("curl"):
            guard words.count == 1 else { throw Failure(message: Texts.Curl.noArguments) }
            return .curl
        case "curl-open" where !resources.contains("curl-open"):
            // The command is pasted into its dialog, never onto this line (its history keeps lines).
            guard words.count == 1 else { throw Failure(message: Texts.CurlIn.noArguments) }
            return .curlOpen
        case "history" where !resources.contains("history"):
            guard words.count == 1 else { throw Failure(message: Texts.History.noArguments) }
            return .history
        case "ops" where !resources.contains("ops"):
            guard words.count == 1 else { throw Failure(message: Texts.Operations.noArguments) }
            return .operations
        case "watch" where !resources.contains("watch"):
            return try parseWatch(Array(words.dropFirst()))
        case "goto" where !resources.contains("goto"):
            return try parseGoto(Array(words.dropFirst()))
        case "service" where !resources.contains("service"):
            guard words.count == 2 else { throw Failure(message: Texts.Switch.serviceUsage) }
            return .service(name: words[1])
        case "env" where !resources.contains("env"):
            guard words.count == 2 else { throw Failure(message: Texts.Switch.environmentUsage) }
            return .environment(name: words[1])
        case "jq" where !resources.contains("jq"):
            // The expression is the rest of the line, spaces and all.
            let rest = line.drop { $0.isWhitespace }.dropFirst(2).trimmingCharacters(in: .whitespaces)
            return .jq(rest.isEmpty ? nil : rest)
        case "columns" where !resources.contains("columns"):
            return try parseColumns(Array(words.dropFirst()))
        case "view" where !resources.contains("view"):
            return try parseView(Array(words.dropFirst()))
        case "views" where !resources.contains("views"):
            guard words.count == 1 else { throw Failure(message: Texts.View.usage) }
            return .views
        case "logout" where !resources.contains("logout"):
            guard words.count == 1 else { throw Failure(message: Texts.SignIn.logoutUsage) }
            return .logout
        case "export":
            return try parseExport(Array(words.dropFirst()), line: line)
        case "freq", "frequency":
            guard words.count == 2 else { throw Failure(message: Texts.Command.freqUsage) }
            return .frequency(field: words[1])
        default:
            return try parseOpen(head, Array(words.dropFirst()), resources: resources)
        }
    }

    /// `:goto 100000` or `:goto 50%`.
    private static func parseGoto(_ arguments: [String]) throws(Failure) -> AppCommand {
        guard arguments.count == 1 else { throw Failure(message: Texts.Command.gotoUsage) }
        let percent = arguments[0].hasSuffix("%")
        let text = percent ? String(arguments[0].dropLast()) : arguments[0]
        guard let number = Int(text), number >= (percent ? 0 : 1), !percent || number <= 100 else {
            throw Failure(message: Texts.Command.gotoUsage)
        }
        return .goto(row: number, percent: percent)
    }

    /// `:columns`, `:columns hide NAME`, `show NAME`, `move NAME N`, `width NAME N`, `add PATH`.
    private static func parseColumns(_ arguments: [String]) throws(Failure) -> AppCommand {
        let usage = Failure(message: Texts.Columns.usage(widest: SavedListView.widest))
        guard let verb = arguments.first else { return .columns(nil) }
        switch (verb, arguments.count) {
        case ("hide", 2): return .columns(.hide(arguments[1]))
        case ("show", 2): return .columns(.show(arguments[1]))
        case ("show", 1): return .columns(.showAll)
        case ("add", 2): return .columns(.add(arguments[1]))
        case ("move", 3):
            guard let position = Int(arguments[2]), position >= 1 else { throw usage }
            return .columns(.move(arguments[1], to: position))
        case ("width", 3):
            guard let cells = Int(arguments[2]), (1...SavedListView.widest).contains(cells) else { throw usage }
            return .columns(.width(arguments[1], cells))
        default: throw usage
        }
    }

    /// `:view save NAME`, `:view NAME`.
    private static func parseView(_ arguments: [String]) throws(Failure) -> AppCommand {
        switch arguments.count {
        case 1 where arguments[0] != "save":
            guard SavedListView.isValidName(arguments[0]) else {
                throw Failure(message: Texts.View.badName(name: arguments[0], longest: SavedListView.longestName))
            }
            return .showView(name: arguments[0])
        case 2 where arguments[0] == "save":
            guard arguments[1] != "default" else { throw Failure(message: Texts.View.reserved) }
            guard SavedListView.isValidName(arguments[1]) else {
                throw Failure(message: Texts.View.badName(name: arguments[1], longest: SavedListView.longestName))
            }
            return .saveView(name: arguments[1])
        default: throw Failure(message: Texts.View.usage)
        }
    }

    /// The longest `:watch` interval: a day.
    static let longestWatch = 86_400

    private static func parseWatch(_ arguments: [String]) throws(Failure) -> AppCommand {
        let usage = Texts.Watch.usage(longest: longestWatch)
        guard arguments.count == 1 else { throw Failure(message: usage) }
        if arguments[0] == "off" { return .watch(seconds: nil) }
        let text = arguments[0].hasSuffix("s") ? String(arguments[0].dropLast()) : arguments[0]
        guard let seconds = Int(text), (1...longestWatch).contains(seconds) else {
            throw Failure(message: Texts.Watch.badInterval(word: arguments[0], usage: usage))
        }
        return .watch(seconds: seconds)
    }

    private static func parseExport(_ arguments: [String], line: String) throws(Failure) -> AppCommand {
        guard arguments.count >= 2, let format = RecordFormat(rawValue: arguments[0].lowercased()) else {
            throw Failure(message: Texts.Command.exportUsage)
        }
        // The path is the rest of the line, so it may contain spaces.
        let afterFormat = line.drop { $0.isWhitespace }.dropFirst("export".count).drop { $0.isWhitespace }
            .dropFirst(arguments[0].count).drop { $0.isWhitespace }
        let path = String(afterFormat).trimmingCharacters(in: .whitespaces)
        return .export(format, path: path)
    }

    private static func parseOpen(_ typed: String, _ arguments: [String], resources: [String]) throws(Failure)
        -> AppCommand
    {
        // A name as the user types it: `books` opens `Books` (or `book`)
        // when only one collection fits (`TypedName`).
        let head = TypedName.match(typed, among: resources) ?? typed
        guard ResourceEndpoint.isValidName(head) else {
            throw Failure(message: Texts.Command.unknown(command: head, resource: resources.first ?? "todos"))
        }
        if !resources.contains(head), head.count > 2,
            let suggestion = NameSuggestion.closest(to: head, among: resources + keywords)
        {
            // A typo of a known name is more likely than an undescribed collection.
            throw Failure(
                message: Texts.Command.unknownResource(name: head, suggestion: suggestion), unknownResource: head,
                suggestion: suggestion)
        }
        var id: String?
        var filters: [ListQuery.Filter] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if index + 1 < arguments.count, arguments[index + 1] == "in" {
                // `id in 1,2,3`
                guard index + 2 < arguments.count else {
                    throw Failure(message: Texts.Command.inNeedsValues(field: argument))
                }
                filters.append(ListQuery.Filter(argument, arguments[index + 2], .oneOf))
                index += 3
                continue
            }
            if let filter = try filter(argument) {
                filters.append(filter)
            } else if id == nil, filters.isEmpty {
                id = argument
            } else {
                throw Failure(message: Texts.Command.unexpected(word: argument))
            }
            index += 1
        }
        if id != nil, !filters.isEmpty { throw Failure(message: Texts.Command.idOrFilters) }
        return .open(resource: head, id: id, filters: filters)
    }

    /// The characters operators are made of.
    private static let operatorCharacters: Set<Character> = ["=", "!", "<", ">", "~"]

    /// The valid forms, for the error that names a bad one.
    static let operatorForms = "field=v field!=v field<v field<=v field>v field>=v field~text  field in a,b"

    /// `year>=1990` as a filter; `nil` when the word has no operator (an id).
    private static func filter(_ word: String) throws(Failure) -> ListQuery.Filter? {
        guard let start = word.firstIndex(where: operatorCharacters.contains) else { return nil }
        let end = word[start...].firstIndex { !operatorCharacters.contains($0) } ?? word.endIndex
        var symbol = String(word[start..<end])
        // `email=a=b`: the first `=` is the operator, the rest is the value.
        if symbol.count > 1, symbol.allSatisfy({ $0 == "=" }) { symbol = "=" }
        let field = String(word[..<start])
        let value = String(word[word.index(start, offsetBy: symbol.count)...])
        guard let op = ListQuery.Filter.Operator(rawValue: symbol), op != .oneOf else {
            throw Failure(message: Texts.Command.unknownOperator(symbol: symbol, word: word, forms: operatorForms))
        }
        guard !field.isEmpty else { throw Failure(message: Texts.Command.noField(word: word)) }
        return ListQuery.Filter(field, value, op)
    }
}
