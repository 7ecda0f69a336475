import JSON

/// `#/components`: the resources' schemas (as served, as sent in a POST or
/// PUT, as sent in a PATCH), and the shared parameters, headers and answers.
extension OpenAPIGenerator {
    var components: JSONObject {
        var schemas = JSONObject()
        for resource in resources {
            schemas[resource.componentName] = .object(recordSchema(resource))
            guard !readOnly else { continue }
            schemas[resource.componentName + "Input"] = .object(inputSchema(resource))
            schemas[resource.componentName + "Patch"] = .object(patchSchema(resource))
        }
        if dialect == .v1 {
            for resource in resources where resource.isCollection {
                schemas[resource.componentName + "Page"] = .object(pageSchema(resource))
            }
        }
        schemas["Error"] = [
            "type": "object", "properties": ["error": ["type": "string"]], "required": ["error"],
            "description": "Why the request was refused",
        ]
        schemas["Empty"] = ["type": "object", "description": "json-server's answer for what does not exist: {}"]
        return [
            "schemas": .object(schemas),
            "parameters": .object(sharedParameters),
            "headers": .object(headers),
            "responses": .object(responses),
        ]
    }

    /// The schema of a record as served, with its foreign keys marked.
    func recordSchema(_ resource: DescribedResource) -> JSONObject {
        var schema = resource.schema.jsonSchema { path, member in
            guard path.count == 1, let key = resource.foreignKeys.first(where: { $0.field == path[0] }) else {
                return
            }
            annotate(&member, relation: key)
        }
        if resource.isCollection, schema["type"] == nil { schema["type"] = "object" }
        schema["x-trestle-resource"] = .string(resource.name)
        return schema
    }

    /// Marks a member as pointing into another collection. In v1, where
    /// deleting the record pointed at sets the member to `null`, it is nullable.
    private func annotate(_ member: inout JSONObject, relation key: DescribedResource.ForeignKey) {
        member["description"] = .string(
            "The id of a record in \(key.target) (GET /\(DescribedResource.encodePathSegment(key.target))/{id})")
        member["x-trestle-relation"] = ["resource": .string(key.target), "field": "id"]
        guard dialect == .v1 else { return }
        // v1's ids are strings, so a client sets the member to one; deleting
        // the record pointed at sets it to null.
        var names = member["type"].map { $0.arrayValue ?? [$0] } ?? []
        for added: JSONValue in ["string", "null"] where !names.isEmpty && !names.contains(added) {
            names.append(added)
        }
        if !names.isEmpty { member["type"] = .array(names) }
    }

    /// What a POST or PUT sends: the record's members without the id (the
    /// server picks it on POST and keeps it on PUT), those every record has
    /// required, except `dropping` (a foreign key a nested route sets).
    func inputSchema(_ resource: DescribedResource, dropping: Set<String> = []) -> JSONObject {
        var schema = recordSchema(resource)
        schema["x-trestle-resource"] = nil
        guard resource.isCollection else { return schema["type"] == "object" ? schema : ["type": "object"] }
        if case .object(var members)? = schema["properties"] {
            members["id"] = nil
            schema["properties"] = .object(members)
        }
        if case .array(let required)? = schema["required"] {
            let kept = required.filter { !dropping.union(["id"]).contains($0.stringValue ?? "") }
            schema["required"] = kept.isEmpty ? nil : .array(kept)
        }
        return schema
    }

    /// What a PATCH sends: any of the record's members (nested objects whole).
    func patchSchema(_ resource: DescribedResource) -> JSONObject {
        var schema = inputSchema(resource)
        schema["required"] = nil
        return schema
    }

    /// json-server v1's page envelope around `data`.
    func pageSchema(_ resource: DescribedResource) -> JSONObject {
        let count: JSONValue = ["type": "integer"]
        let link: JSONValue = ["type": ["integer", "null"]]
        return [
            "type": "object",
            "properties": [
                "first": count, "prev": link, "next": link, "last": count, "pages": count, "items": count,
                "data": ["type": "array", "items": Self.ref(resource.componentName)],
            ],
            "required": ["first", "prev", "next", "last", "pages", "items", "data"],
            "description": "One page (_page, _per_page): items is the total of matching records",
        ]
    }

    private var sharedParameters: JSONObject {
        [
            "IfNoneMatch": [
                "name": "If-None-Match", "in": "header", "required": false,
                "description": "An ETag of an earlier answer: 304 when it is still current",
                "schema": ["type": "string"],
            ]
        ]
    }

    private var headers: JSONObject {
        [
            "ETag": [
                "description": "A weak entity tag of the answer (send it as If-None-Match)",
                "schema": ["type": "string"],
            ],
            "XTotalCount": [
                "description": "How many records match, before paging (sent with _page, _limit or _end)",
                "schema": ["type": "string", "pattern": "^[0-9]+$"],
            ],
            "Link": [
                "description": "first, prev, next and last page URLs (sent with _page)",
                "schema": ["type": "string"],
            ],
            "Location": [
                "description": "The URL of the created record",
                "schema": ["type": "string"],
            ],
            "RetryAfter": [
                "description": "Seconds to wait before trying the write again",
                "schema": ["type": "string", "pattern": "^[0-9]+$"],
            ],
        ]
    }

    private var responses: JSONObject {
        let error = Self.jsonContent(Self.ref("Error"))
        return [
            "NotModified": ["description": "Not modified: the If-None-Match ETag is current"],
            "NotFound": [
                "description": "No such resource or record", "content": Self.jsonContent(Self.ref("Empty")),
            ],
            "BadRequest": [
                "description": .string(
                    "The request was refused: a body that is not a JSON object, not UTF-8 or nested too deep, "
                        + "a bad filter, or too many query parameters"),
                "content": error,
            ],
            "Conflict": ["description": "A record with this id exists", "content": error],
            "PayloadTooLarge": ["description": "The body is over the server's --max-body", "content": error],
            "URITooLong": ["description": "The query is over 64 KiB", "content": error],
            "DataFileNotUsable": [
                "description": .string(
                    "trestle serve --data FILE: FILE was changed by hand and is not usable (or is gone), so writes "
                        + "are refused until it is fixed; reads go on with the last good data"),
                "headers": ["Retry-After": Self.ref(header: "RetryAfter")],
                "content": error,
            ],
        ]
    }
}
