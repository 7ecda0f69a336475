import Foundation
import Services
import TerminalUI

/// How `trestle get` prints.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv
}

/// `trestle get`: fetches a resource through the same services as the UI and
/// prints it for scripts and pipes.
public enum ResourcePrinter {
    /// Runs the command; returns the exit status (errors go to stderr in one line).
    public static func run(resource: String, format: OutputFormat, options: LaunchOptions) async -> Int32 {
        var options = options
        if options.delay == nil { options.delay = 0 }
        guard resource == "todos" else {
            AppRoot.printError("unknown resource '\(resource)'; available: todos")
            return 2
        }
        do {
            let prepared = try await AppRoot.prepare(options: options, environment: ProcessInfo.processInfo.environment)
            let listing = try await prepared.services.api.todos(ListQuery())
            print(render(listing.items, format: format), terminator: "")
            return 0
        } catch let error as ServiceError {
            AppRoot.printError(error.message)
            return 1
        } catch {
            AppRoot.printError("\(error)")
            return 2
        }
    }

    /// The todos in `format`, ending with a newline.
    public static func render(_ todos: [TodoObject], format: OutputFormat) -> String {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
            let data = (try? encoder.encode(todos)) ?? Data("[]".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        case .csv:
            let rows = todos.map { [String($0.userId), String($0.id), $0.title, String($0.completed)] }
            return ([["userId", "id", "title", "completed"]] + rows).map { $0.map(csvField).joined(separator: ",") }
                .joined(separator: "\n") + "\n"
        case .table:
            let header = ["ID", "DONE", "USER", "TITLE"]
            let rows = todos.map {
                [String($0.id), $0.completed ? "✓" : " ", String($0.userId), TextSanitizer.clean($0.title)]
            }
            let widths = (0..<3).map { column in ([header] + rows).map { TextWidth.of($0[column]) }.max() ?? 0 }
            return ([header] + rows).map { row in
                (0..<3).map { TextWidth.pad(row[$0], to: widths[$0], alignment: $0 == 1 ? .left : .right) }
                    .joined(separator: "  ") + "  " + row[3]
            }.joined(separator: "\n") + "\n"
        }
    }

    private static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
