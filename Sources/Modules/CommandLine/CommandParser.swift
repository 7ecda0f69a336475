import Foundation
import Services
import TerminalUI

/// What a `:` command line asks for.
public enum AppCommand: Equatable, Sendable {
    /// `:posts`, `:users 3`, `:todos userId=2 completed=false`.
    case open(resource: String, id: String?, filters: [ListQuery.Filter])
    /// `:export csv FILE`, `:export json FILE`.
    case export(RecordFormat, path: String)
    /// `:resources` (the start screen).
    case resources
    /// `:help`.
    case help
    /// `:q`, `:quit`.
    case quit
}

/// Reads a command line: one line in, one command or one clear error out.
public enum CommandParser {
    /// A command line that does not parse, in words.
    public struct Failure: Error, Equatable, Sendable {
        public var message: String
    }

    /// The commands besides resource names, for completion and errors.
    public static let keywords = ["export", "resources", "help", "quit", "q"]

    public static func parse(_ line: String, resources: [String]) throws(Failure) -> AppCommand {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let head = words.first else { throw Failure(message: "Empty command — try :posts or :q") }
        switch head {
        case "q", "quit", "q!", "exit":
            return .quit
        case "help", "?":
            return .help
        case "resources", "home":
            return .resources
        case "export":
            return try parseExport(Array(words.dropFirst()), line: line)
        default:
            return try parseOpen(head, Array(words.dropFirst()), resources: resources)
        }
    }

    private static func parseExport(_ arguments: [String], line: String) throws(Failure) -> AppCommand {
        guard arguments.count >= 2, let format = RecordFormat(rawValue: arguments[0].lowercased()) else {
            throw Failure(message: "Usage: :export csv FILE  or  :export json FILE")
        }
        // The path is the rest of the line, so it may contain spaces.
        let afterFormat = line.drop { $0.isWhitespace }.dropFirst("export".count).drop { $0.isWhitespace }
            .dropFirst(arguments[0].count).drop { $0.isWhitespace }
        let path = String(afterFormat).trimmingCharacters(in: .whitespaces)
        return .export(format, path: path)
    }

    private static func parseOpen(_ head: String, _ arguments: [String], resources: [String]) throws(Failure)
        -> AppCommand
    {
        guard ResourceEndpoint.isValidName(head) else {
            throw Failure(
                message: "Unknown command '\(head)' — try :\(resources.first ?? "todos"), :export csv FILE or :q")
        }
        if !resources.contains(head), head.count > 2,
            let suggestion = NameSuggestion.closest(to: head, among: resources + keywords)
        {
            // A typo of a known name is more likely than an undescribed collection.
            throw Failure(message: "Unknown resource '\(head)' — did you mean :\(suggestion)?")
        }
        var id: String?
        var filters: [ListQuery.Filter] = []
        for argument in arguments {
            if let equals = argument.firstIndex(of: "=") {
                let field = String(argument[..<equals])
                let value = String(argument[argument.index(after: equals)...])
                guard !field.isEmpty else { throw Failure(message: "Filter '\(argument)' has no field name") }
                filters.append(ListQuery.Filter(field, value))
            } else if id == nil, filters.isEmpty {
                id = argument
            } else {
                throw Failure(message: "Unexpected '\(argument)' — filters look like field=value")
            }
        }
        if id != nil, !filters.isEmpty { throw Failure(message: "Give an id or filters, not both") }
        return .open(resource: head, id: id, filters: filters)
    }
}
