import OpenAPIKit

/// What a `GET` answers when it lists records: the records' schema and,
/// for an envelope, the names of its array and of its total.
struct ListShape {
    var item: SchemaReader.Resolved
    var itemsKey: String?
    var totalKey: String?

    /// Names an envelope's array of records goes by, most likely first.
    static let itemsKeys = ["items", "data", "results", "content", "records", "rows", "entries", "values", "elements"]
    /// Names an envelope's total goes by.
    static let totalKeys = [
        "total", "count", "totalElements", "total_count", "totalCount", "totalItems", "total_items",
        "totalResults", "total_results", "items",
    ]

    /// The list `operation` answers with, or `nil` when its success answer
    /// is no array of objects nor an envelope holding one.
    static func of(_ operation: OpenAPI.Operation, reader: SchemaReader, at pointer: [String]) throws(OpenAPIProblem)
        -> ListShape?
    {
        guard let (schema, where_) = try successSchema(operation, reader: reader, at: pointer) else { return nil }
        let root = try reader.resolve(schema, at: where_)
        switch reader.kind(of: root.schema) {
        case .array:
            guard let item = try objectItems(of: root.schema, reader: reader, at: where_ + ["items"]) else {
                return nil
            }
            return ListShape(item: item)
        case .object:
            let base = root.component.map { ["components", "schemas", $0] } ?? where_
            let (properties, _) = try reader.properties(of: root.schema, at: base)
            var arrays: [(name: String, item: SchemaReader.Resolved)] = []
            for property in properties {
                let resolved = try reader.resolve(property.schema, at: where_ + ["properties", property.name])
                guard reader.kind(of: resolved.schema) == .array,
                    let item = try objectItems(
                        of: resolved.schema, reader: reader, at: where_ + ["properties", property.name, "items"])
                else { continue }
                arrays.append((property.name, item))
            }
            let chosen =
                itemsKeys.lazy.compactMap { key in arrays.first { $0.name == key } }.first
                ?? (arrays.count == 1 ? arrays.first : nil)
            guard let chosen else { return nil }
            var totalKey: String?
            for key in totalKeys where key != chosen.name {
                guard let property = properties.first(where: { $0.name == key }) else { continue }
                let resolved = try reader.resolve(property.schema, at: where_ + ["properties", key])
                if reader.kind(of: resolved.schema) == .integer {
                    totalKey = key
                    break
                }
            }
            return ListShape(item: chosen.item, itemsKey: chosen.name, totalKey: totalKey)
        default:
            return nil
        }
    }

    /// The schema of the success answer (`200`, else the first `2XX`) of
    /// `operation`, JSON preferred, and where it is in the document.
    static func successSchema(_ operation: OpenAPI.Operation, reader: SchemaReader, at pointer: [String])
        throws(OpenAPIProblem) -> (JSONSchema, [String])?
    {
        let successes = operation.responses.filter { $0.key.isSuccess }
        guard let (code, either) = successes.first(where: { $0.key.rawValue == "200" }) ?? successes.first else {
            return nil
        }
        let responsePointer = pointer + ["responses", code.rawValue]
        guard let response = reader.components[either] else {
            throw OpenAPIProblem(
                source: reader.source, pointer: OpenAPIProblem.pointer(responsePointer),
                reason: "the response's reference cannot be resolved")
        }
        guard let (type, content) = jsonContent(response.content, reader: reader), let schema = content.schema else {
            return nil
        }
        return (schema, responsePointer + ["content", type.rawValue, "schema"])
    }

    /// The JSON content of a content map (`application/json`, `*/*` as
    /// Spring writes it, else the first with a schema), references followed.
    static func jsonContent(_ contents: OpenAPI.Content.Map, reader: SchemaReader) -> (
        OpenAPI.ContentType, OpenAPI.Content
    )? {
        let resolved = contents.compactMap { type, either in reader.components[either].map { (type, $0) } }
        return resolved.first { $0.0.rawValue.contains("json") } ?? resolved.first { $0.1.schema != nil }
    }

    private static func objectItems(of array: JSONSchema, reader: SchemaReader, at pointer: [String])
        throws(OpenAPIProblem) -> SchemaReader.Resolved?
    {
        guard let items = array.arrayContext?.items else { return nil }
        let item = try reader.resolve(items, at: pointer)
        switch item.schema.value {
        case .object, .all: return item
        default: return nil
        }
    }
}
