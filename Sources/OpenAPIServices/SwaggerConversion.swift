import Foundation
import JSON
import Yams

/// Turns a Swagger 2.0 document into the OpenAPI 3.0 document that says
/// the same, so it is read into the same descriptors and operations:
/// `definitions` become `components/schemas`; `host`, `basePath` and
/// `schemes` the `servers`; `body` and `formData` parameters a
/// `requestBody` (in the `consumes` types); a response's `schema` its
/// `content` (in the `produces` types); `securityDefinitions` the
/// `securitySchemes`; every `$ref` follows.
enum SwaggerConversion {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]

    /// The 3.0 document of `swagger` (a 2.0 document's root).
    static func convert(_ swagger: JSONObject) -> JSONObject {
        var root = JSONObject()
        root["openapi"] = .string("3.0.3")
        root["info"] = swagger["info"] ?? .object(JSONObject([("title", .string("")), ("version", .string(""))]))
        if let servers = servers(swagger) { root["servers"] = servers }
        for key in ["tags", "externalDocs", "security"] where swagger[key] != nil { root[key] = swagger[key] }
        let consumes = strings(swagger["consumes"]) ?? ["application/json"]
        let produces = strings(swagger["produces"]) ?? ["application/json"]
        let bodies = Set(
            (swagger["parameters"]?.objectValue ?? JSONObject()).compactMap { name, value in
                value.objectValue?["in"]?.stringValue == "body" ? name : nil
            })
        var paths = JSONObject()
        for (path, value) in swagger["paths"]?.objectValue ?? JSONObject() {
            guard let item = value.objectValue else { continue }
            paths[path] = .object(pathItem(item, consumes: consumes, produces: produces, bodies: bodies))
        }
        root["paths"] = .object(paths)
        var components = JSONObject()
        if let definitions = swagger["definitions"] { components["schemas"] = definitions }
        var parameters = JSONObject()
        var requestBodies = JSONObject()
        for (name, value) in swagger["parameters"]?.objectValue ?? JSONObject() {
            guard let parameter = value.objectValue else { continue }
            if parameter["in"]?.stringValue == "body" {
                requestBodies[name] = .object(requestBody(fromBody: parameter, consumes: consumes))
            } else {
                parameters[name] = .object(self.parameter(parameter))
            }
        }
        if !parameters.isEmpty { components["parameters"] = .object(parameters) }
        if !requestBodies.isEmpty { components["requestBodies"] = .object(requestBodies) }
        if let responses = swagger["responses"]?.objectValue {
            components["responses"] = .object(
                JSONObject(
                    responses.map { ($0.key, .object(response($0.value.objectValue ?? [:], produces: produces))) }))
        }
        if let schemes = swagger["securityDefinitions"]?.objectValue {
            components["securitySchemes"] = .object(
                JSONObject(schemes.map { ($0.key, .object(securityScheme($0.value.objectValue ?? [:]))) }))
        }
        if !components.isEmpty { root["components"] = .object(components) }
        return rewritingReferences(.object(root)).objectValue ?? root
    }

    /// `schemes://host/basePath`, one server a scheme; a path alone without a host.
    private static func servers(_ swagger: JSONObject) -> JSONValue? {
        let base = swagger["basePath"]?.stringValue ?? ""
        guard let host = swagger["host"]?.stringValue else {
            return base.isEmpty ? nil : .array([.object(JSONObject([("url", .string(base))]))])
        }
        let schemes = strings(swagger["schemes"]) ?? ["https"]
        return .array(schemes.map { .object(JSONObject([("url", .string("\($0)://\(host)\(base)"))])) })
    }

    private static func pathItem(_ item: JSONObject, consumes: [String], produces: [String], bodies: Set<String>)
        -> JSONObject
    {
        var result = JSONObject()
        for (key, value) in item {
            if key == "parameters" {
                let (parameters, _) = self.parameters(value.arrayValue ?? [], consumes: consumes, bodies: bodies)
                result[key] = .array(parameters)
            } else if methods.contains(key), let operation = value.objectValue {
                result[key] = .object(self.operation(operation, consumes: consumes, produces: produces, bodies: bodies))
            } else {
                result[key] = value
            }
        }
        return result
    }

    private static func operation(_ operation: JSONObject, consumes: [String], produces: [String], bodies: Set<String>)
        -> JSONObject
    {
        let consumes = strings(operation["consumes"]) ?? consumes
        let produces = strings(operation["produces"]) ?? produces
        var result = JSONObject()
        for (key, value) in operation {
            switch key {
            case "consumes", "produces", "schemes":
                continue
            case "parameters":
                let (parameters, body) = self.parameters(value.arrayValue ?? [], consumes: consumes, bodies: bodies)
                if !parameters.isEmpty { result["parameters"] = .array(parameters) }
                if let body { result["requestBody"] = body }
            case "responses":
                result["responses"] = .object(
                    JSONObject(
                        (value.objectValue ?? [:]).map { code, answer in
                            (code, .object(response(answer.objectValue ?? [:], produces: produces)))
                        }))
            default:
                result[key] = value
            }
        }
        return result
    }

    /// The parameters that stay parameters, and the request body the
    /// `body` or `formData` ones make.
    private static func parameters(_ list: [JSONValue], consumes: [String], bodies: Set<String>)
        -> (parameters: [JSONValue], body: JSONValue?)
    {
        var kept: [JSONValue] = []
        var body: JSONValue?
        var form = JSONObject()
        var required: [JSONValue] = []
        for value in list {
            guard let parameter = value.objectValue else { continue }
            if let reference = parameter["$ref"]?.stringValue {
                let name = String(reference.split(separator: "/").last ?? "")
                if reference.hasPrefix("#/parameters/"), bodies.contains(name) {
                    body = .object(JSONObject([("$ref", .string("#/components/requestBodies/\(name)"))]))
                } else {
                    kept.append(value)
                }
                continue
            }
            switch parameter["in"]?.stringValue {
            case "body":
                body = .object(requestBody(fromBody: parameter, consumes: consumes))
            case "formData":
                let name = parameter["name"]?.stringValue ?? ""
                form[name] = .object(schema(of: parameter))
                if parameter["required"]?.boolValue == true { required.append(.string(name)) }
            default:
                kept.append(.object(self.parameter(parameter)))
            }
        }
        if !form.isEmpty {
            var schema = JSONObject([("type", .string("object")), ("properties", .object(form))])
            if !required.isEmpty { schema["required"] = .array(required) }
            let type =
                consumes.first { $0.contains("multipart") || $0.contains("x-www-form-urlencoded") }
                ?? "application/x-www-form-urlencoded"
            body = .object(
                JSONObject([
                    ("required", .bool(!required.isEmpty)),
                    ("content", .object(JSONObject([(type, .object(JSONObject([("schema", .object(schema))])))]))),
                ]))
        }
        return (kept, body)
    }

    /// A 2.0 `body` parameter as a 3.0 request body.
    private static func requestBody(fromBody parameter: JSONObject, consumes: [String]) -> JSONObject {
        var body = JSONObject()
        if let description = parameter["description"] { body["description"] = description }
        body["required"] = parameter["required"] ?? .bool(false)
        let schema = parameter["schema"] ?? .object(JSONObject())
        body["content"] = .object(
            JSONObject(consumes.map { ($0, .object(JSONObject([("schema", schema)]))) }))
        return body
    }

    /// The keys of a 2.0 parameter or header that describe its value: its 3.0 `schema`.
    static let schemaKeys = [
        "type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf",
    ]

    private static func schema(of parameter: JSONObject) -> JSONObject {
        var schema = JSONObject()
        for key in schemaKeys where parameter[key] != nil { schema[key] = parameter[key] }
        if schema["type"]?.stringValue == "file" {
            schema["type"] = .string("string")
            schema["format"] = .string("binary")
        }
        if let description = parameter["description"] { schema["description"] = description }
        return schema
    }

    private static func parameter(_ parameter: JSONObject) -> JSONObject {
        var result = JSONObject()
        for (key, value) in parameter where !schemaKeys.contains(key) && key != "collectionFormat" {
            if key == "allowEmptyValue", parameter["in"]?.stringValue != "query" { continue }
            result[key] = value
        }
        var schema = self.schema(of: parameter)
        schema["description"] = nil
        result["schema"] = .object(schema)
        if parameter["in"]?.stringValue == "path" { result["required"] = .bool(true) }
        return result
    }

    private static func response(_ response: JSONObject, produces: [String]) -> JSONObject {
        var result = JSONObject()
        for (key, value) in response {
            switch key {
            case "schema":
                result["content"] = .object(JSONObject(produces.map { ($0, .object(JSONObject([("schema", value)]))) }))
            case "headers":
                result["headers"] = .object(
                    JSONObject(
                        (value.objectValue ?? [:]).map { name, header in
                            let header = header.objectValue ?? [:]
                            var converted = JSONObject([("schema", .object(schema(of: header)))])
                            if let description = header["description"] { converted["description"] = description }
                            return (name, .object(converted))
                        }))
            case "examples":
                continue
            default:
                result[key] = value
            }
        }
        if result["description"] == nil { result["description"] = .string("") }
        return result
    }

    private static func securityScheme(_ scheme: JSONObject) -> JSONObject {
        var result = JSONObject()
        if let description = scheme["description"] { result["description"] = description }
        switch scheme["type"]?.stringValue {
        case "basic":
            result["type"] = .string("http")
            result["scheme"] = .string("basic")
        case "oauth2":
            result["type"] = .string("oauth2")
            var flow = JSONObject()
            for key in ["authorizationUrl", "tokenUrl"] where scheme[key] != nil { flow[key] = scheme[key] }
            flow["scopes"] = scheme["scopes"] ?? .object(JSONObject())
            let name: String =
                switch scheme["flow"]?.stringValue {
                case "application": "clientCredentials"
                case "password": "password"
                case "accessCode": "authorizationCode"
                default: "implicit"
                }
            result["flows"] = .object(JSONObject([(name, .object(flow))]))
        default:
            for (key, value) in scheme where key != "description" { result[key] = value }
        }
        return result
    }

    /// Every `$ref` pointed at the 3.0 places, and a 2.0 `discriminator`
    /// (a property name) made a 3.0 one.
    private static func rewritingReferences(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var result = JSONObject()
            for (key, inner) in object {
                if key == "$ref", let text = inner.stringValue {
                    result[key] = .string(
                        text.replacingPrefix("#/definitions/", with: "#/components/schemas/")
                            .replacingPrefix("#/parameters/", with: "#/components/parameters/")
                            .replacingPrefix("#/responses/", with: "#/components/responses/"))
                } else if key == "discriminator", let name = inner.stringValue {
                    result[key] = .object(JSONObject([("propertyName", .string(name))]))
                } else {
                    result[key] = rewritingReferences(inner)
                }
            }
            return .object(result)
        case .array(let items):
            return .array(items.map(rewritingReferences))
        default:
            return value
        }
    }

    private static func strings(_ value: JSONValue?) -> [String]? {
        guard let items = value?.arrayValue else { return nil }
        let texts = items.compactMap(\.stringValue)
        return texts.isEmpty ? nil : texts
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}

extension SwaggerConversion {
    /// A Swagger 2.0 root (`swagger: "2.0"`, no `openapi`) as the 3.0
    /// document's JSON text; `nil` for any other document.
    static func converted(_ root: JSONObject) -> Data? {
        guard root["openapi"] == nil, let version = root["swagger"], isTwo(version) else { return nil }
        return JSONWriter.data(.object(convert(root)))
    }

    /// The same for a YAML document's root mapping (its scalars typed as YAML reads them).
    static func converted(_ node: Node) -> Data? {
        guard case .mapping(let mapping) = node, mapping["openapi"] == nil, mapping["swagger"] != nil,
            case .object(let root) = json(node)
        else { return nil }
        return converted(root)
    }

    private static func isTwo(_ version: JSONValue) -> Bool {
        switch version {
        case .string(let text): text.hasPrefix("2")
        case .int(let number): number == 2
        case .double(let number): number >= 2 && number < 3
        default: false
        }
    }

    /// A YAML node as JSON: mappings, sequences, and scalars by their resolved tag.
    static func json(_ node: Node) -> JSONValue {
        switch node {
        case .mapping(let mapping):
            return .object(JSONObject(mapping.map { key, value in (key.string ?? "", json(value)) }))
        case .sequence(let sequence):
            return .array(sequence.map(json))
        case .scalar(let scalar):
            // Only a plain scalar is anything but a string (`"2.0"` stays text).
            guard scalar.style == .plain else { return .string(scalar.string) }
            if node.null != nil { return .null }
            if let flag = node.bool { return .bool(flag) }
            if let number = node.int { return .int(number) }
            if let number = node.float { return .double(number) }
            return .string(scalar.string)
        case .alias:
            return .null
        }
    }
}
