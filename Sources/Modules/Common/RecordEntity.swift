import JSON
import Services
import TerminalUI

/// One record as the screens use it: its id (as URL text) and its fields.
public struct RecordEntity: Sendable, Equatable {
    public var id: String
    public var json: JSONValue

    public init(id: String, json: JSONValue) {
        self.id = id
        self.json = json
    }

    /// The record, with its id read from `resource.idField` (empty when it
    /// has none: such a record is listed but cannot be opened or written).
    public init(_ json: JSONValue, of resource: ResourceDescriptor) {
        self.init(id: json.recordID(resource.idField) ?? "", json: json)
    }

    public var hasID: Bool { !id.isEmpty }

    /// A cell's text: scalars as themselves, booleans as ✓ / ·, nested values as compact JSON.
    public func cell(_ column: ResourceDescriptor.Column) -> String {
        Self.text(json.value(atPath: column.field), boolean: true)
    }

    /// The text of a field value (`nil` and `null` are empty).
    public static func text(_ value: JSONValue?, boolean: Bool = false) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .bool(let flag)?: return boolean ? (flag ? "✓" : "·") : (flag ? "true" : "false")
        case .int(let number)?: return String(number)
        case .double(let number)?:
            return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case let nested?: return String(decoding: JSONWriter.data(nested), as: UTF8.self)
        }
    }

    /// What names the record in breadcrumbs and dialogs: `3 Clementine Bauch`.
    public func label(_ resource: ResourceDescriptor, width: Int = 24) -> String {
        guard let field = resource.labelField, let text = json[field].map({ Self.text($0) }), !text.isEmpty else {
            return id
        }
        let clean = TextSanitizer.clean(text)
        let short = TextWidth.of(clean) > width ? TextWidth.prefix(clean, width: width - 1) + "…" : clean
        return "\(id) \(short)"
    }

    /// Every field, nested objects included, in the service's order.
    public var fields: [DetailField] {
        json.objectValue.map(Self.fields(of:)) ?? []
    }

    private static func fields(of object: JSONObject) -> [DetailField] {
        object.map { key, value in DetailField(key, detailValue(value)) }
    }

    static func detailValue(_ value: JSONValue) -> DetailValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int, .double: return .number(text(value))
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(detailValue))
        case .object(let object): return .object(fields(of: object))
        }
    }

    /// The record as pretty JSON text (for the clipboard).
    public var jsonText: String { JSONLines.text(fields) }
}
