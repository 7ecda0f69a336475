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
    public static func parse(_ words: [String], resources: [String]) throws(CommandParser.Failure) -> LaunchTarget? {
        var line = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { return nil }
        if line.hasPrefix(":") { line.removeFirst() }
        if let question = line.firstIndex(of: "?") {
            // `todos?userId=2&completed=false` → `todos userId=2 completed=false`
            let query = line[line.index(after: question)...].split(separator: "&").map {
                String($0).removingPercentEncoding ?? String($0)
            }
            line = ([String(line[..<question])] + query).joined(separator: " ")
        }
        if let slash = line.firstIndex(of: "/"), !line[..<slash].contains(" ") {
            // `users/3` → `users 3`
            line = String(line[..<slash]) + " " + line[line.index(after: slash)...]
        }
        let command: AppCommand
        do throws(CommandParser.Failure) {
            command = try CommandParser.parse(line, resources: resources)
        } catch {
            // The suggestion in the shell's words, not the command line's.
            guard let name = error.unknownResource, let suggestion = error.suggestion else { throw error }
            throw CommandParser.Failure(
                message: Texts.Command.unknownLaunchResource(name: name, suggestion: suggestion),
                unknownResource: name, suggestion: suggestion)
        }
        switch command {
        case .open(let resource, let id, let filters):
            return LaunchTarget(resource: resource, id: id, filters: filters)
        case .resources:
            return LaunchTarget(resource: "", id: nil, filters: [])
        default:
            throw CommandParser.Failure(message: Texts.Command.notATarget(words: words.joined(separator: " ")))
        }
    }

    /// The start screen alone (`trestle :resources`).
    public var isStartScreen: Bool { resource.isEmpty }
}
