import JSON

/// json-server 0.17's routes (``JSONServerRouter``): collections, their
/// records, nested `/parents/{parentId}/children`, and singular resources.
extension OpenAPIGenerator {
    func pathsV0(for resource: DescribedResource) -> [(String, JSONObject)] {
        guard resource.isCollection else { return [(resource.path, singularPathV0(resource))] }
        var paths: [(String, JSONObject)] = [
            (resource.path, collectionPath(resource, parent: nil)),
            (resource.path + "/{id}", recordPath(resource)),
        ]
        for parent in resources where parent.isCollection {
            guard let key = resource.foreignKeys.first(where: { $0.target == parent.name }) else { continue }
            paths.append(
                (parent.path + "/{" + key.field + "}/" + Self.segment(resource), collectionPath(resource, parent: key)))
        }
        return paths
    }

    /// `GET /users` and `POST /users`, or the nested `/users/{userId}/posts`.
    private func collectionPath(_ resource: DescribedResource, parent key: DescribedResource.ForeignKey?) -> JSONObject
    {
        let listSchema: JSONValue = ["type": "array", "items": Self.ref(resource.componentName)]
        var parameters = Self.unique(listParametersV0(resource).filter { $0["name"]?.stringValue != key?.field })
        parameters.append(Self.ref(parameter: "IfNoneMatch"))
        let parentWord = key.map { DescribedResource.pascalCase(Inflector.singular($0.target)) } ?? ""
        let scope = key.map { " whose \($0.field) is the path's" } ?? ""
        var list = readResponses(
            ok: Self.jsonContent(listSchema), notFound: false,
            headers: ["X-Total-Count": Self.ref(header: "XTotalCount"), "Link": Self.ref(header: "Link")])
        list["400"] = Self.ref(response: "BadRequest")
        var item: JSONObject = [
            "get": [
                "tags": [.string(resource.name)],
                "operationId": .string("list" + parentWord + resource.pluralWord),
                "summary": .string("The records of \(resource.name)\(scope), filtered, sorted and paged"),
                "parameters": .array(parameters),
                "responses": .object(list),
            ]
        ]
        if let key { item["parameters"] = [Self.pathParameter(key.field, schema: parentIDSchema(of: key.target))] }
        guard !readOnly else { return item }
        var created = writeErrors(notFound: false)
        created["201"] = [
            "description": "Created: the record as stored, with its id",
            "headers": ["Location": Self.ref(header: "Location")],
            "content": Self.jsonContent(Self.ref(resource.componentName)),
            "links": .object(recordLinks(resource, idExpression: "$response.body#/id")),
        ]
        created["409"] = Self.ref(response: "Conflict")
        var body = Self.ref(resource.componentName + "Input")
        if let key {
            body = .object(inputSchema(resource, dropping: [key.field]))
        }
        item["post"] = [
            "tags": [.string(resource.name)],
            "operationId": .string("create" + parentWord + resource.singularWord),
            "summary": .string(
                "Adds a record to \(resource.name)" + (key.map { " with \($0.field) set to the path's" } ?? "")
                    + "; the next integer id unless the body has one"),
            "requestBody": Self.requestBody(body),
            "responses": .object(created),
        ]
        return item
    }

    /// `GET/PUT/PATCH/DELETE /users/{id}`.
    private func recordPath(_ resource: DescribedResource) -> JSONObject {
        let tags: JSONValue = [.string(resource.name)]
        var getParameters: [JSONValue] = []
        let children = self.children(of: resource)
        if !children.isEmpty {
            getParameters.append(Self.query("_embed", names: children, "Adds the records that point at this one"))
        }
        let parents = resource.foreignKeys.map { Inflector.singular($0.target) }
        if !parents.isEmpty {
            getParameters.append(Self.query("_expand", names: parents, "Adds the record this one points at"))
        }
        getParameters.append(Self.ref(parameter: "IfNoneMatch"))
        var item = recordReadsAndChanges(resource, idSchema: idSchema(of: resource.name), getParameters: getParameters)
        guard !readOnly else { return item }
        let cascade = children.isEmpty ? "" : "; records of \(children.joined(separator: ", ")) pointing at it too"
        item["delete"] = [
            "tags": tags, "operationId": .string("delete" + resource.singularWord),
            "summary": .string("Removes the record\(cascade)"),
            "responses": [
                "200": ["description": "Removed", "content": Self.jsonContent(Self.ref("Empty"))],
                "404": Self.ref(response: "NotFound"),
                "400": Self.ref(response: "BadRequest"),
                "414": Self.ref(response: "URITooLong"),
            ],
        ]
        return item
    }

    /// `GET/PUT/POST/PATCH /profile` (v0: POST replaces, answering 201).
    private func singularPathV0(_ resource: DescribedResource) -> JSONObject {
        var item = singularReadItem(resource)
        guard !readOnly else { return item }
        for (method, word, body, status) in [
            ("put", "replace", "Input", "200"), ("post", "create", "Input", "201"), ("patch", "update", "Patch", "200"),
        ] {
            var answers = writeErrors(notFound: false)
            answers[status] = [
                "description": "The resource as stored", "content": Self.jsonContent(Self.ref(resource.componentName)),
            ]
            item[method] = [
                "tags": [.string(resource.name)], "operationId": .string(word + resource.singularWord),
                "summary": .string(method == "patch" ? "Changes the members sent" : "Replaces the resource"),
                "requestBody": Self.requestBody(Self.ref(resource.componentName + body)),
                "responses": .object(answers),
            ]
        }
        return item
    }

    /// `GET /profile`.
    func singularReadItem(_ resource: DescribedResource) -> JSONObject {
        [
            "get": [
                "tags": [.string(resource.name)], "operationId": .string("get" + resource.singularWord),
                "summary": .string("The object resource \(resource.name)"),
                "parameters": [Self.ref(parameter: "IfNoneMatch")],
                "responses": .object(
                    readResponses(ok: Self.jsonContent(Self.ref(resource.componentName)), notFound: false)),
            ]
        ]
    }

    /// OpenAPI links from a created record to reading, changing and removing it.
    func recordLinks(_ resource: DescribedResource, idExpression: String) -> JSONObject {
        var links: JSONObject = [:]
        let operations = readOnly ? ["get"] : ["get", "replace", "update", "delete"]
        for word in operations {
            links[word.prefix(1).uppercased() + word.dropFirst() + resource.singularWord] = [
                "operationId": .string(word + resource.singularWord),
                "parameters": ["id": .string(idExpression)],
            ]
        }
        return links
    }

    /// The schema of a collection's ids in paths: its id type, at least one character.
    func idSchema(of collection: String) -> JSONValue {
        let id = resources.first { $0.name == collection }?.idSchema
        if let id, id.isIntegral { return ["type": "integer"] }
        return ["type": "string", "minLength": 1]
    }

    /// A nested route's parent id: the segment is stored in the new
    /// record's foreign key, as an integer when it reads as one, so integer
    /// ids are described as the canonical integers the server reads back.
    func parentIDSchema(of collection: String) -> JSONValue {
        guard idSchema(of: collection) == ["type": "integer"] else { return idSchema(of: collection) }
        return ["type": "string", "pattern": "^(0|-?[1-9][0-9]{0,17})$", "description": "An integer id"]
    }

    static func pathParameter(_ name: String, schema: JSONValue) -> JSONValue {
        ["name": .string(name), "in": "path", "required": true, "schema": schema]
    }

    static func segment(_ resource: DescribedResource) -> String {
        DescribedResource.encodePathSegment(resource.name)
    }

    /// Parameters with repeated names dropped (a member named like a reserved parameter).
    static func unique(_ parameters: [JSONValue]) -> [JSONValue] {
        var seen: Set<String> = []
        return parameters.filter { parameter in
            guard let name = parameter["name"]?.stringValue else { return true }
            return seen.insert(name).inserted
        }
    }
}
