import Foundation
import JSON

/// How records are written for scripts and exports: JSON (pretty, as the
/// server sent them) or CSV (one column per top-level key).
public enum RecordFormat: String, CaseIterable, Sendable {
    case json, csv

    /// `records` in this format, ending with a newline.
    public func render(_ records: [JSONValue]) -> String {
        switch self {
        case .json:
            return String(decoding: JSONWriter.data(.array(records), pretty: true), as: UTF8.self) + "\n"
        case .csv:
            let columns = Self.columns(of: records)
            var lines = [columns.map(Self.csvField).joined(separator: ",")]
            lines.reserveCapacity(records.count + 1)
            for record in records {
                lines.append(columns.map { Self.csvField(Self.cell(record, $0)) }.joined(separator: ","))
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// Top-level keys in order of first appearance.
    public static func columns(of records: [JSONValue]) -> [String] {
        var seen = Set<String>()
        var columns: [String] = []
        for record in records {
            guard case .object(let object) = record else { continue }
            for key in object.keys where seen.insert(key).inserted { columns.append(key) }
        }
        return columns
    }

    /// A cell's text: scalars as themselves, nested values as compact JSON.
    public static func cell(_ record: JSONValue, _ column: String) -> String {
        switch record[column] {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .object?, .array?: return record[column].map { String(decoding: JSONWriter.data($0), as: UTF8.self) } ?? ""
        case let value?: return value.scriptString
        }
    }

    private static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
