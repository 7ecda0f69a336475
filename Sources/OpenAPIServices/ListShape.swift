import OpenAPIKit

/// What a `GET` answers when it lists records: the records' schema and,
/// for an envelope, the names of its array and of its total.
struct ListShape {
    var item: SchemaReader.Resolved
    var itemsKey: String?
    var totalKey: String?
    /// Where an envelope holds the next page's cursor or URL (`next_cursor`,
    /// `meta.next`), for collections that page by a cursor.
    var nextKey: String?
    /// Whether the answer documents a `Link` header (`rel="next"` for cursor paging).
    var linkHeader = false

    /// Names an envelope's array of records goes by, most likely first.
    static let itemsKeys = ["items", "data", "results", "content", "records", "rows", "entries", "values", "elements"]
    /// Names an envelope's total goes by.
    static let totalKeys = [
        "total", "count", "totalElements", "total_count", "totalCount", "totalItems", "total_items",
        "totalResults", "total_results", "items",
    ]

    /// Names the next page's cursor (or its URL) goes by, most likely first.
    static let nextKeys = [
        "next_cursor", "nextCursor", "nextPageToken", "next_page_token", "next_token", "nextToken", "next",
        "cursor", "next_page", "nextPage",
    ]
    /// Objects of an envelope that may hold the next cursor (`meta.next_cursor`).
    static let nextHolders = ["meta", "links", "pagination", "page_info", "pageInfo", "paging", "cursor"]

    /// The list `operation` answers with, or `nil` when its success answer
    /// is no array of objects nor an envelope holding one.
    static func of(_ operation: OpenAPI.Operation, reader: SchemaReader, at pointer: [String]) throws(OpenAPIProblem)
        -> ListShape?
    {
        guard let (schema, where_) = try successSchema(operation, reader: reader, at: pointer) else { return nil }
        var shape = try of(schema, reader: reader, at: where_)
        shape?.linkHeader = documentsLinkHeader(operation, reader: reader)
        return shape
    }

    /// Whether `operation`'s success answer documents a `Link` header.
    private static func documentsLinkHeader(_ operation: OpenAPI.Operation, reader: SchemaReader) -> Bool {
        operation.responses.contains { code, either in
            code.isSuccess
                && (reader.components[either]?.headers?.keys.contains { $0.lowercased() == "link" } ?? false)
        }
    }

    /// The list `schema` describes; of alternatives (`anyOf: [array, Page]`,
    /// as json-server v1's document says its collections answer), the plain
    /// array is preferred, else the first envelope.
    private static func of(_ schema: JSONSchema, reader: SchemaReader, at pointer: [String]) throws(OpenAPIProblem)
        -> ListShape?
    {
        let root = try reader.resolve(schema, at: pointer)
        switch root.schema.value {
        case .any(let alternatives, _), .one(let alternatives, _):
            let keyword = if case .any = root.schema.value { "anyOf" } else { "oneOf" }
            var shapes: [ListShape] = []
            for (index, alternative) in alternatives.enumerated() {
                if let shape = try of(alternative, reader: reader, at: pointer + [keyword, String(index)]) {
                    shapes.append(shape)
                }
            }
            return shapes.first { $0.itemsKey == nil } ?? shapes.first
        default:
            break
        }
        switch reader.kind(of: root.schema) {
        case .array:
            guard let item = try objectItems(of: root.schema, reader: reader, at: pointer + ["items"]) else {
                return nil
            }
            return ListShape(item: item)
        case .object:
            let base = root.component.map { ["components", "schemas", $0] } ?? pointer
            let (properties, _) = try reader.properties(of: root.schema, at: base)
            var arrays: [(name: String, item: SchemaReader.Resolved)] = []
            for property in properties {
                let resolved = try reader.resolve(property.schema, at: pointer + ["properties", property.name])
                guard reader.kind(of: resolved.schema) == .array,
                    let item = try objectItems(
                        of: resolved.schema, reader: reader, at: pointer + ["properties", property.name, "items"])
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
                let resolved = try reader.resolve(property.schema, at: pointer + ["properties", key])
                if reader.kind(of: resolved.schema) == .integer {
                    totalKey = key
                    break
                }
            }
            let nextKey = try nextKey(in: properties, reader: reader, at: pointer)
            return ListShape(item: chosen.item, itemsKey: chosen.name, totalKey: totalKey, nextKey: nextKey)
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

    /// The path of the next cursor among an envelope's `properties`: a
    /// string (or integer) named like one, here or one object down.
    private static func nextKey(
        in properties: [(name: String, schema: JSONSchema)], reader: SchemaReader, at pointer: [String]
    ) throws(OpenAPIProblem) -> String? {
        for key in nextKeys {
            guard let property = properties.first(where: { $0.name == key }) else { continue }
            let resolved = try reader.resolve(property.schema, at: pointer + ["properties", key])
            let kind = reader.kind(of: resolved.schema)
            if kind == .string || kind == .integer { return key }
        }
        for holder in nextHolders {
            guard let property = properties.first(where: { $0.name == holder }) else { continue }
            let at = pointer + ["properties", holder]
            let resolved = try reader.resolve(property.schema, at: at)
            guard reader.kind(of: resolved.schema) == .object else { continue }
            let base = resolved.component.map { ["components", "schemas", $0] } ?? at
            let (inner, _) = try reader.properties(of: resolved.schema, at: base)
            if let key = try nextKey(in: inner, reader: reader, at: at) { return holder + "." + key }
        }
        return nil
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
