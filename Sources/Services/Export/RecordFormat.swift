import Foundation
import JSON

/// How records are written for scripts and exports: JSON (pretty, as the
/// server sent them) or CSV (one column per top-level key).
///
/// CSV is written so that a spreadsheet cannot execute it (OWASP's rule for
/// CSV injection): a cell — a header included — that starts with `=`, `+`,
/// `-`, `@`, TAB or CR gets a `'` in front, unless the whole cell is a
/// number (`-5`, `+1.5e3`), which a spreadsheet reads as a number and never
/// as a formula. `rawCSV` (`:export raw-csv`, `trestle get --raw-csv`)
/// writes the cells as they are.
public enum RecordFormat: String, CaseIterable, Sendable {
    case json, csv
    case rawCSV = "raw-csv"

    /// `records` in this format, ending with a newline.
    public func render(_ records: [JSONValue]) -> String {
        switch self {
        case .json:
            return String(decoding: JSONWriter.data(.array(records), pretty: true), as: UTF8.self) + "\n"
        case .csv, .rawCSV:
            let field: (String) -> String =
                self == .csv ? { Self.csvField(Self.neutralised($0)) } : { Self.csvField($0) }
            let columns = Self.columns(of: records)
            var lines = [columns.map(field).joined(separator: ",")]
            lines.reserveCapacity(records.count + 1)
            for record in records {
                lines.append(columns.map { field(Self.cell(record, $0)) }.joined(separator: ","))
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

    /// The characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// `value` with a `'` in front when a spreadsheet would run it.
    public static func neutralised(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, formulaStarts.contains(first), !isNumber(value) else {
            return value
        }
        return "'" + value
    }

    /// Whether `text` is a decimal number and nothing else: `-5`, `+0.25`, `-1e-3`.
    static func isNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let whole = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(whole.count)
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fraction)
        }
        guard whole.count + fraction > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            let exponent = bytes.prefix(while: isDigit).count
            guard exponent > 0 else { return false }
            bytes = bytes.dropFirst(exponent)
        }
        return bytes.isEmpty
    }

    private static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
