import Foundation
import JSON
import Modules
import Services
import TerminalUI
import Translations

/// How `trestle get` prints. `csv` puts a `'` before a cell a spreadsheet
/// would run (``RecordFormat``); `rawCSV` (`--raw-csv`) writes the cells as
/// they are.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv
    case rawCSV = "raw-csv"
}

/// `trestle get RESOURCE`: fetches any collection through the same services
/// as the UI (cache, ETags, middleware) and prints it for scripts and pipes,
/// through ``OutputSink``: the table's cells and headers cleaned, JSON with
/// every control as a `\u` escape, CSV cleaned when it goes to a terminal.
public enum ResourcePrinter {
    /// Runs the command; returns the exit status (errors go to stderr in one line).
    /// `target` is what `trestle` opens (`todos`, `todos userId=2`, `users/3`);
    /// with `curl`, the curl command that fetches it is printed instead.
    public static func run(target words: [String], format: OutputFormat, curl: Bool = false, options: LaunchOptions)
        async -> Int32
    {
        guard let prepared = await AppRoot.preparedForCommand(options) else { return 2 }
        let status = await printResource(words, format: format, curl: curl, prepared: prepared)
        // The HTTP client's connections are closed before the process ends.
        await prepared.services.shutdown()
        return status
    }

    private static func printResource(_ words: [String], format: OutputFormat, curl: Bool, prepared: AppRoot.Prepared)
        async -> Int32
    {
        var resource = words.first ?? ""
        do {
            // A document that could not be used is said; the get goes on without it.
            for warning in prepared.warnings where warning.hasPrefix("OpenAPI document") {
                AppRoot.printError(warning)
            }
            // A gRPC service whose reflection could not be read (unreachable, refused):
            // its target and the reason, and nothing asked of it as if it spoke HTTP.
            if GRPCStage.claims(prepared.configuration), prepared.services.description.grpc == nil {
                for warning in prepared.warnings { AppRoot.printError(warning) }
                return 1
            }
            let target: LaunchTarget
            // A name close to the catalog's that the service itself may have:
            // asked for, and only if the service lacks it too is the suggestion said.
            var suggested: CommandParser.Failure?
            do throws(CommandParser.Failure) {
                let parsed: LaunchTarget?
                do throws(CommandParser.Failure) {
                    parsed = try LaunchTarget.parse(words, resources: prepared.catalog.names)
                } catch {
                    guard let name = error.unknownResource else { throw error }
                    suggested = error
                    parsed = try LaunchTarget.parse(words, resources: prepared.catalog.names + [name])
                }
                guard let parsed, !parsed.isStartScreen else {
                    AppRoot.printError("get needs a collection: trestle get todos")
                    return 2
                }
                target = parsed
            } catch {
                AppRoot.printError(error.message)
                return 2
            }
            resource = target.resource
            let descriptor = prepared.catalog.descriptor(for: target.resource)
            let api = prepared.services.api
            let request: ResourceRequest =
                target.id.map { .record(id: $0) }
                ?? (descriptor.isObject ? .record(id: "") : .list(ListQuery(filters: target.filters)))
            if curl {
                let text = try await api.requestText(descriptor, request)
                OutputSink.standardOutput.line(CurlCommand.render(text))
                return 0
            }
            let records: [JSONValue]
            do {
                switch request {
                case .record(let id): records = [try await api.record(descriptor, id: id)]
                case .list(let query): records = try await api.records(descriptor, query).items
                }
            } catch let failure where failure.kind == .notFound && suggested != nil {
                AppRoot.printError(suggested?.message ?? failure.message)
                return 2
            }
            OutputSink.standardOutput.write(render(records, format: format), as: kind(of: format))
            // An answer from another origin, redirected to, is said (it was sent no credential).
            if let origin = prepared.services.journal.entries().compactMap(\.redirectedTo).first {
                AppRoot.printError(Texts.Network.redirectedTo(origin: origin))
            }
            // The history's last batch is written before the process ends.
            await prepared.services.history?.flush()
            return 0
        } catch {
            let what = error.kind == .notFound ? "no collection '\(resource)' (404)" : error.message
            AppRoot.printError(what)
            return 1
        }
    }

    /// `records` in `format`, ending with a newline.
    public static func render(_ records: [JSONValue], format: OutputFormat) -> String {
        switch format {
        case .json: return RecordFormat.json.render(records)
        case .csv: return RecordFormat.csv.render(records)
        case .rawCSV: return RecordFormat.rawCSV.render(records)
        case .table: return table(records)
        }
    }

    /// What ``OutputSink`` cleans `format`'s text as.
    static func kind(of format: OutputFormat) -> OutputText.Kind {
        switch format {
        case .json: return .json
        case .csv, .rawCSV: return .csv
        case .table: return .text
        }
    }

    private static func table(_ records: [JSONValue]) -> String {
        // A field's name is the server's text as much as its value.
        let keys = RecordFormat.columns(of: records)
        let columns = keys.map(TextSanitizer.clean)
        let rows = records.map { record in keys.map { TextSanitizer.clean(RecordFormat.cell(record, $0)) } }
        let widths = columns.indices.map { index in
            min(40, ([columns[index]] + rows.map { $0[index] }).map(TextWidth.of).max() ?? 0)
        }
        let lines = ([columns.map { $0.uppercased() }] + rows).map { row in
            row.indices.map { TextWidth.pad(row[$0], to: widths[$0]) }.joined(separator: "  ")
        }
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n") + "\n"
    }
}
