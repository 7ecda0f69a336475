import Foundation
import JSONServerCore
import Services
import TerminalUI

/// How `trestle get` prints.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv
}

/// `trestle get RESOURCE`: fetches any collection through the same services
/// as the UI (cache, ETags, middleware) and prints it for scripts and pipes.
public enum ResourcePrinter {
    /// Runs the command; returns the exit status (errors go to stderr in one line).
    public static func run(resource: String, format: OutputFormat, options: LaunchOptions) async -> Int32 {
        var options = options
        if options.delay == nil { options.delay = 0 }
        do {
            let prepared = try await AppRoot.prepare(
                options: options, environment: ProcessInfo.processInfo.environment)
            let listing = try await prepared.services.api.records(resource, ListQuery())
            FileHandle.standardOutput.write(Data(render(listing.items, format: format).utf8))
            return 0
        } catch let error as ServiceError {
            let what = error.kind == .notFound ? "no collection '\(resource)' (404)" : error.message
            AppRoot.printError(what)
            return 1
        } catch {
            AppRoot.printError("\(error)")
            return 2
        }
    }

    /// `records` in `format`, ending with a newline.
    public static func render(_ records: [JSONValue], format: OutputFormat) -> String {
        switch format {
        case .json:
            return String(decoding: JSONWriter.data(.array(records), pretty: true), as: UTF8.self) + "\n"
        case .csv:
            let columns = columns(of: records)
            let rows = records.map { record in columns.map { csvField(cell(record, $0)) }.joined(separator: ",") }
            return ([columns.map(csvField).joined(separator: ",")] + rows).joined(separator: "\n") + "\n"
        case .table:
            return table(records)
        }
    }

    /// Top-level keys in order of first appearance.
    static func columns(of records: [JSONValue]) -> [String] {
        var seen = Set<String>()
        var columns: [String] = []
        for record in records {
            guard case .object(let object) = record else { continue }
            for key in object.keys where seen.insert(key).inserted { columns.append(key) }
        }
        return columns
    }

    /// A cell's text: scalars as themselves, nested values as compact JSON.
    static func cell(_ record: JSONValue, _ column: String) -> String {
        switch record[column] {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .object?, .array?: return record[column].map { String(decoding: JSONWriter.data($0), as: UTF8.self) } ?? ""
        case let value?: return value.scriptString
        }
    }

    private static func table(_ records: [JSONValue]) -> String {
        let columns = columns(of: records)
        let rows = records.map { record in columns.map { TextSanitizer.clean(cell(record, $0)) } }
        let widths = columns.indices.map { index in
            min(40, ([columns[index]] + rows.map { $0[index] }).map(TextWidth.of).max() ?? 0)
        }
        let lines = ([columns.map { $0.uppercased() }] + rows).map { row in
            row.indices.map { TextWidth.pad(row[$0], to: widths[$0]) }.joined(separator: "  ")
        }
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n") + "\n"
    }

    private static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
