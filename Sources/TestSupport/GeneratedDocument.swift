import Foundation
import JSON

/// A large OpenAPI document as a big real service publishes it (what
/// `scripts/generate-large-openapi.py` writes): `collections` collections
/// `things0…`, each with a list path (json-server paging), a record path
/// (GET/PATCH/PUT/DELETE), a create form and a schema of a dozen
/// properties, one a foreign key to the collection before it; a shared
/// error response and query parameter, a bearer scheme and a schema no
/// path refers to. 3.0 documents say `nullable` where 3.1 ones say `null`.
public enum GeneratedDocument {
    /// The document as block YAML (as springdoc writes one).
    public static func yaml(collections: Int, version: String = "3.1.0") -> String {
        yaml(fromJSON: text(collections: collections, version: version))
    }

    /// A JSON document as block YAML: keys and strings plain where YAML
    /// reads them back as the same string (`type: object`, `/things0/{id}`),
    /// quoted otherwise (`'200'`, `'#/components/schemas/Thing0'`, `'1.0.0'`);
    /// numbers and booleans plain. Text that is no JSON comes back as it is.
    public static func yaml(fromJSON json: String) -> String {
        guard let value = try? JSONParser.parse(json) else { return json }
        var lines: [String] = []
        YAMLText.write(value, indent: 0, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    public static func text(collections: Int, version: String = "3.1.0") -> String {
        var paths: [String] = []
        var schemas: [String] = []
        for index in 0..<collections {
            paths.append(Self.paths(index))
            schemas.append(##""Thing\##(index)": \##(schema(index, version: version))"##)
        }
        schemas.append(##""Unused": {"type": "object", "properties": {"x": {"type": "string"}}}"##)
        return ##"""
            {"openapi": "\##(version)", "info": {"title": "A large service", "version": "1.0.0"},
             "security": [{"bearer": []}],
             "paths": {\##(paths.joined(separator: ",\n"))},
             "components": {
              "schemas": {\##(schemas.joined(separator: ",\n"))},
              "responses": {"Problem": {"description": "A problem",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}},
              "parameters": {"Search": {"name": "q", "in": "query", "schema": {"type": "string"}}},
              "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}
             }}
            """##.replacingOccurrences(
                of: ##""Unused":"##,
                with: ##""Problem": {"type": "object", "properties": {"detail": {"type": "string"}}}, "Unused":"##)
    }

    private static func paths(_ index: Int) -> String {
        let name = "things\(index)"
        let reference = ##"{"$ref": "#/components/schemas/Thing\##(index)"}"##
        let body = ##"{"content": {"application/json": {"schema": \##(reference)}}}"##
        let record = ##"{"description": "The record", "content": {"application/json": {"schema": \##(reference)}}}"##
        return ##"""
            "/\##(name)": {
              "get": {"operationId": "list_\##(name)",
                "parameters": [{"name": "_page", "in": "query", "schema": {"type": "integer", "minimum": 1}},
                  {"name": "_per_page", "in": "query", "schema": {"type": "integer", "minimum": 1}},
                  {"$ref": "#/components/parameters/Search"}],
                "responses": {"200": {"description": "The records",
                  "content": {"application/json": {"schema": {"type": "array", "items": \##(reference)}}}},
                  "default": {"$ref": "#/components/responses/Problem"}}},
              "post": {"operationId": "create_\##(name)", "requestBody": \##(body), "responses": {"201": \##(record)}}},
            "/\##(name)/{id}": {
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
              "get": {"operationId": "get_\##(name)", "responses": {"200": \##(record)}},
              "patch": {"operationId": "patch_\##(name)", "requestBody": \##(body), "responses": {"200": \##(record)}},
              "put": {"operationId": "put_\##(name)", "requestBody": \##(body), "responses": {"200": \##(record)}},
              "delete": {"operationId": "delete_\##(name)", "responses": {"204": {"description": "Deleted"}}}}
            """##
    }

    private static func schema(_ index: Int, version: String) -> String {
        let notes =
            version.hasPrefix("3.0")
            ? ##"{"type": "string", "nullable": true}"## : ##"{"type": ["string", "null"]}"##
        let foreignKey = index > 0 ? ##", "thing\##(index - 1)_id": {"type": "integer"}"## : ""
        return ##"""
            {"type": "object", "required": ["name"], "title": "Thing\##(index)", "properties": {
              "id": {"type": "integer", "readOnly": true}, "name": {"type": "string"},
              "status": {"type": "string", "enum": ["draft", "active", "retired"]}, "done": {"type": "boolean"},
              "created_at": {"type": "string", "format": "date-time"},
              "priority": {"type": "integer", "minimum": 0, "maximum": 9}, "notes": \##(notes),
              "tags": {"type": "array", "items": {"type": "string"}}, "score": {"type": "number"}\##(foreignKey)}}
            """##
    }
}

/// Block YAML of a JSON value, a line at a time.
private enum YAMLText {
    static func write(_ value: JSONValue, indent: Int, into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent)
        switch value {
        case .object(let object) where !object.isEmpty:
            for (key, inner) in object {
                if let scalar = scalar(inner) {
                    lines.append(pad + text(key) + ": " + scalar)
                } else {
                    lines.append(pad + text(key) + ":")
                    write(inner, indent: indent + 2, into: &lines)
                }
            }
        case .array(let items) where !items.isEmpty:
            for item in items {
                if let scalar = scalar(item) {
                    lines.append(pad + "- " + scalar)
                    continue
                }
                // The item's first line after the dash, the rest under it.
                var inner: [String] = []
                write(item, indent: indent + 2, into: &inner)
                lines.append(pad + "- " + inner[0].dropFirst(indent + 2))
                lines.append(contentsOf: inner.dropFirst())
            }
        default:
            lines.append(pad + (scalar(value) ?? ""))
        }
    }

    /// A value written on its key's line: a scalar or an empty container.
    private static func scalar(_ value: JSONValue) -> String? {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .string(let string): text(string)
        case .array(let items): items.isEmpty ? "[]" : nil
        case .object(let object): object.isEmpty ? "{}" : nil
        }
    }

    /// A string plain when YAML reads it back as that string, else single-quoted.
    private static func text(_ string: String) -> String {
        let first = string.first.map { $0.isLetter || "/$_".contains($0) } ?? false
        let rest = string.allSatisfy { $0.isLetter || $0.isNumber || " _./{}-$".contains($0) }
        let words = ["true", "false", "null", "yes", "no", "on", "off", "y", "n"]
        if first, rest, string.last != " ", !words.contains(string.lowercased()) { return string }
        return "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
