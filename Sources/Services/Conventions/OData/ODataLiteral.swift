import Foundation

/// OData v4 literals in URLs (OData URL Conventions §5.1.1): strings in
/// single quotes with `'` doubled, numbers, booleans, dates and GUIDs
/// bare; how a key predicate, a `$filter` and a `$orderby` are spelt.
public enum ODataLiteral {
    /// The literal of `value` for a property of Edm type `type`; without a
    /// type (no `$metadata`), a value that reads as a number or a boolean is bare.
    public static func literal(_ value: String, type: String?) -> String {
        switch type {
        case "Edm.Boolean"?:
            if value == "true" || value == "false" { return value }
        case let type? where ODataMetadata.Property(name: "", type: type).isNumeric:
            if isNumber(value) { return value }
        case "Edm.Date"?, "Edm.DateTimeOffset"?, "Edm.TimeOfDay"?, "Edm.Guid"?:
            if isBareTemporal(value) { return value }
        case nil:
            if isNumber(value) || value == "true" || value == "false" { return value }
        default:
            break
        }
        return quoted(value)
    }

    /// `'o''brien'`.
    public static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// `contains(tolower(Name),'chai')`: whether `property` holds `text`,
    /// case ignored (OData's `contains` tells case apart; the loaded rows
    /// are searched and filtered ignoring it, and both must agree).
    public static func containsIgnoringCase(_ property: String, _ text: String) -> String {
        "contains(tolower(\(property)),\(quoted(text.lowercased())))"
    }

    /// `Products(5)`, `People('ann')`: the key predicate of one key.
    public static func keyPredicate(_ id: String, type: String?) -> String {
        "(" + literal(id, type: type) + ")"
    }

    static func isNumber(_ value: String) -> Bool {
        guard let first = value.first, first == "-" || first.isNumber else { return false }
        return Double(value) != nil && !value.contains("e") && !value.contains("E") && !value.hasSuffix(".")
    }

    /// `2024-05-01`, `2024-05-01T10:00:00Z`, `10:00:00`, a GUID: no quotes, no spaces.
    static func isBareTemporal(_ value: String) -> Bool {
        !value.isEmpty && value.allSatisfy { $0.isASCII && ($0.isHexDigit || "-:.TZ+".contains($0)) }
            && value.contains(where: \.isNumber)
    }
}
