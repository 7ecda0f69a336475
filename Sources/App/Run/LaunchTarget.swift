import Foundation
import Modules
import Services
import Translations

/// Where Trestle opens: `trestle photos`, `trestle users/3`,
/// `trestle 'todos?userId=2'`, `trestle :users 3` — the same words as the
/// `:` command line, in any of those spellings.
public struct LaunchTarget: Sendable, Equatable {
    /// The collection opened.
    public var resource: String
    /// The record opened over its list, if any.
    public var id: String?
    /// Filters of the list.
    public var filters: [ListQuery.Filter]

    /// Reads the words after `trestle`; `nil` for none (the default first
    /// screen). A line that does not parse is the command line's one-line error.
    ///
    /// In `users/3` everything after the first slash (up to a `?`) is the
    /// id, one path segment however many spaces it holds (`'books/a b'`;
    /// percent escapes are read, so `books/a%20b` is the same id), which the
    /// request escapes again. A name close to one of the command line's
    /// words (`rows`, `ops`) is a collection: no command is a launch target,
    /// so only the catalog's names are suggested.
    public static func parse(_ words: [String], resources: [String]) throws(CommandParser.Failure) -> LaunchTarget? {
        var line = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { return nil }
        if line.hasPrefix(":") { line.removeFirst() }
        var query: [String] = []
        if let question = line.firstIndex(of: "?") {
            // `todos?userId=2&completed=false` → `todos userId=2 completed=false`
            query = line[line.index(after: question)...].split(separator: "&").map {
                String($0).removingPercentEncoding ?? String($0)
            }
            line = String(line[..<question])
        }
        var id: String?
        if let slash = line.firstIndex(of: "/"), !line[..<slash].contains(" ") {
            // `users/3` → `users` and the id `3`
            let rest = String(line[line.index(after: slash)...]).trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { id = rest.removingPercentEncoding ?? rest }
            line = String(line[..<slash])
        }
        line = ([line] + query).joined(separator: " ")
        let command = try parsed(line, resources: resources)
        switch command {
        case .open(let resource, let parsedID, let filters):
            guard let id else { return LaunchTarget(resource: resource, id: parsedID, filters: filters) }
            guard parsedID == nil, filters.isEmpty else {
                throw CommandParser.Failure(message: Texts.Command.idOrFilters)
            }
            return LaunchTarget(resource: resource, id: id, filters: [])
        case .resources where id == nil:
            return LaunchTarget(resource: "", id: nil, filters: [])
        default:
            throw CommandParser.Failure(message: Texts.Command.notATarget(words: words.joined(separator: " ")))
        }
    }

    /// The command line's reading of `line`, its suggestions in the shell's words.
    private static func parsed(_ line: String, resources: [String]) throws(CommandParser.Failure) -> AppCommand {
        do throws(CommandParser.Failure) {
            return try CommandParser.parse(line, resources: resources)
        } catch {
            guard let name = error.unknownResource, let suggestion = error.suggestion else { throw error }
            // A command's name is no launch target, so it suggests nothing: the name is a collection.
            guard resources.contains(suggestion) else {
                return try CommandParser.parse(line, resources: resources + [name])
            }
            throw CommandParser.Failure(
                message: Texts.Command.unknownLaunchResource(name: name, suggestion: suggestion),
                unknownResource: name, suggestion: suggestion)
        }
    }

    /// The start screen alone (`trestle :resources`).
    public var isStartScreen: Bool { resource.isEmpty }
}
