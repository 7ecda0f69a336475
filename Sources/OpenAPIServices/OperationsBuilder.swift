import Foundation
import OpenAPIKit
import Services

/// Reads every operation of a document that is not a collection read
/// (those became descriptors) into plain ``ServiceOperation`` values:
/// parameters (path, query, header) with their types, enums, defaults and
/// descriptions, and the top-level fields of a JSON body.
struct OperationCatalogBuilder {
    let builder: OpenAPICatalogBuilder
    var reader: SchemaReader { builder.reader }
    var document: OpenAPI.Document { builder.document }

    /// The methods Trestle sends.
    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]

    /// The operations, in the document's path order; `resources` are the
    /// collections read from it (their lists and records are not operations).
    func catalog(besides resources: [ResourceDescriptor]) -> OperationCatalog {
        OperationCatalog(operations(skipping: Self.collectionReads(resources)).map(\.operation))
    }

    /// The operations, each with its path as written, in the document's
    /// path order; a `GET` whose path is in `reads` (``collectionReads(_:)``)
    /// is left out.
    func operations(skipping reads: Set<String>) -> [(path: String, operation: ServiceOperation)] {
        var operations: [(path: String, operation: ServiceOperation)] = []
        var entries: [(text: String, item: OpenAPI.PathItem)] = []
        for (path, either) in document.paths {
            guard let item = reader.components[either],
                !path.components.contains(where: OpenAPICatalogBuilder.isDotSegment)
            else { continue }
            entries.append((path.rawValue, item))
        }
        // Ordered by position: a path item is kilobytes inline, not to be copied in a sort.
        for position in reader.order.ordered(Array(entries.indices), at: ["paths"], key: { entries[$0].text }) {
            let (text, item) = entries[position]
            // Said below the base URL, as the collections' paths are
            // (`/api/books` in Ninja's document under the base `…/api` is `/books`).
            let placed = builder.placement.place(text)
            for endpoint in item.endpoints where Self.methods.contains(endpoint.method.rawValue.uppercased()) {
                let method = endpoint.method.rawValue.uppercased()
                if method == "GET", reads.contains(Self.shape(of: placed)) { continue }
                let pointer = ["paths", text, method.lowercased()]
                // A part the document does not resolve leaves the operation out, not the catalog.
                guard let operation = try? self.operation(method, placed, item, endpoint.operation, at: pointer)
                else { continue }
                operations.append((text, operation))
            }
        }
        return operations
    }

    /// Whether `operation` reads one of the collections whose reads are `reads` (``collectionReads(_:)``).
    static func isCollectionRead(_ operation: ServiceOperation, reads: Set<String>) -> Bool {
        operation.method == "GET" && reads.contains(shape(of: operation.path))
    }

    /// The paths (templates as `{}`) that read collections and their records.
    static func collectionReads(_ resources: [ResourceDescriptor]) -> Set<String> {
        var reads: Set<String> = []
        for resource in resources {
            let path = resource.route?.path ?? "/" + resource.name
            reads.insert(shape(of: path))
            reads.insert(shape(of: path + "/{id}"))
            for template in (resource.route?.nestedRoutes ?? [:]).values { reads.insert(shape(of: template)) }
        }
        return reads
    }

    /// `/books/{book_id}/` → `/books/{}`: paths compared without template names.
    static func shape(of path: String) -> String {
        "/"
            + path.split(separator: "/").map { ServiceOperation.isTemplate(String($0)) ? "{}" : String($0) }
            .joined(separator: "/")
    }

    private func operation(
        _ method: String, _ path: String, _ item: OpenAPI.PathItem, _ operation: OpenAPI.Operation,
        at pointer: [String]
    ) throws(OpenAPIProblem) -> ServiceOperation {
        var fields = try parameters(item, operation)
        // A template the parameters do not describe is still asked for.
        for name in ServiceOperation(method: method, path: path).templates
        where !fields.contains(where: { $0.name == name && $0.location == .path }) {
            fields.append(OperationField(name: name, location: .path, isRequired: true))
        }
        fields.sort { order($0.location) < order($1.location) }
        var result = ServiceOperation(
            method: method, path: path, operationID: operation.operationId,
            summary: operation.summary ?? operation.description.map(Self.firstLine), fields: fields)
        if let either = operation.requestBody, let request = reader.components[either],
            let (type, content) = ListShape.jsonContent(request.content, reader: reader)
        {
            result.bodyType = type.rawValue
            result.requiresBody = request.required
            if let schema = content.schema {
                let at = pointer + ["requestBody", "content", type.rawValue, "schema"]
                result.fields += try bodyFields(schema, at: at)
            }
        }
        return result
    }

    private func order(_ location: OperationField.Location) -> Int {
        switch location {
        case .path: 0
        case .query: 1
        case .header: 2
        case .body, .wholeBody: 3
        }
    }

    /// The path's and the operation's parameters (the operation's win), cookies left out.
    private func parameters(_ item: OpenAPI.PathItem, _ operation: OpenAPI.Operation) throws(OpenAPIProblem)
        -> [OperationField]
    {
        var found: [OperationField] = []
        for either in item.parameters + operation.parameters {
            guard let parameter = reader.components[either] else { continue }
            let location: OperationField.Location
            switch parameter.location {
            case .path: location = .path
            case .query: location = .query
            case .header: location = .header
            default: continue
            }
            var schema: JSONSchema?
            switch parameter.schemaOrContent.a?.schema {
            case .a(let reference)?: schema = reader.components[reference]
            case .b(let value)?: schema = value
            case nil: schema = nil
            }
            var field = OperationField(
                name: parameter.name, location: location, isRequired: parameter.required || location == .path,
                hint: parameter.description)
            if let schema { describe(&field, schema, outer: schema) }
            found.removeAll { $0.name == field.name && $0.location == field.location }
            found.append(field)
        }
        return found
    }

    /// The body's top-level fields (read-only ones left out), or one field
    /// for the whole body when it is no object.
    private func bodyFields(_ schema: JSONSchema, at pointer: [String]) throws(OpenAPIProblem) -> [OperationField] {
        let resolved = try reader.resolve(schema, at: pointer)
        guard Self.isObject(resolved.schema, reader: reader) else {
            var whole = OperationField(name: "body", location: .wholeBody, isRequired: true)
            describe(&whole, resolved.schema, outer: schema)
            return [whole]
        }
        return try builder.properties(of: resolved, at: pointer).filter { !$0.resolved.schema.readOnly }.map {
            property in
            var field = OperationField(name: property.name, location: .body, isRequired: property.isRequired)
            describe(&field, property.resolved.schema, outer: property.schema)
            return field
        }
    }

    /// Fills kind, choices, default and hint from `schema` (references and
    /// nullable unions seen through); `outer` is the schema as written, whose
    /// own description or title comes first.
    private func describe(_ field: inout OperationField, _ schema: JSONSchema, outer: JSONSchema) {
        let resolved = (try? reader.resolve(schema, at: []))?.schema ?? schema
        field.kind =
            switch reader.kind(of: resolved) {
            case .string: .string
            case .integer: .integer
            case .number: .number
            case .boolean: .boolean
            case .object: .object
            case .array: .array
            case .other: .any
            }
        field.choices = (resolved.allowedValues ?? []).compactMap { Self.text($0.value) }
        field.defaultValue = (outer.defaultValue ?? resolved.defaultValue).flatMap { Self.text($0.value) }
        field.hint = field.hint ?? outer.description ?? resolved.description
    }

    /// An object, or an `allOf` of parts that make one.
    static func isObject(_ schema: JSONSchema, reader: SchemaReader) -> Bool {
        if case .all = schema.value { return true }
        return reader.kind(of: schema) == .object
    }

    /// A document's value as the form's text: a string as it is, anything else as JSON.
    static func text(_ value: Any) -> String? {
        switch value {
        case let text as String: return text
        case let flag as Bool: return flag ? "true" : "false"
        case let number as Int: return String(number)
        case let number as Double: return number.rounded() == number ? String(Int(number)) : String(number)
        default: return nil
        }
    }

    private static func firstLine(_ text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }
}
