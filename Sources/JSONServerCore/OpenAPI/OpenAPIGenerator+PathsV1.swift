import JSON

/// json-server 1.0's routes (``JSONServerRouter`` `routeV1`): collections
/// (a page envelope with `_page`), records with string ids, `_dependent`
/// deletes, and object resources (GET, PUT, PATCH).
extension OpenAPIGenerator {
    func pathsV1(for resource: DescribedResource) -> [(String, JSONObject)] {
        guard resource.isCollection else { return [(resource.path, objectPathV1(resource))] }
        return [(resource.path, collectionPathV1(resource)), (resource.path + "/{id}", recordPathV1(resource))]
    }

    private func collectionPathV1(_ resource: DescribedResource) -> JSONObject {
        let tags: JSONValue = [.string(resource.name)]
        var parameters = Self.unique(listParametersV1(resource))
        parameters.append(Self.ref(parameter: "IfNoneMatch"))
        let answer: JSONValue = [
            "anyOf": [
                ["type": "array", "items": Self.ref(resource.componentName)],
                Self.ref(resource.componentName + "Page"),
            ]
        ]
        var item: JSONObject = [
            "get": [
                "tags": tags, "operationId": .string("list" + resource.pluralWord),
                "summary": .string(
                    "The records of \(resource.name), filtered and sorted: an array, or with _page a page envelope"),
                "parameters": .array(parameters),
                "responses": .object(readResponses(ok: Self.jsonContent(answer), notFound: false)),
            ]
        ]
        guard !readOnly else { return item }
        var created = writeErrors(notFound: false)
        created["201"] = [
            "description": "Created: the record as stored, with the string id the server chose",
            "content": Self.jsonContent(Self.ref(resource.componentName)),
            "links": .object(recordLinks(resource, idExpression: "$response.body#/id")),
        ]
        item["post"] = [
            "tags": tags, "operationId": .string("create" + resource.singularWord),
            "summary": .string("Adds a record to \(resource.name); the server chooses its id"),
            "requestBody": Self.requestBody(Self.ref(resource.componentName + "Input")),
            "responses": .object(created),
        ]
        return item
    }

    private func recordPathV1(_ resource: DescribedResource) -> JSONObject {
        let tags: JSONValue = [.string(resource.name)]
        var getParameters: [JSONValue] = []
        let related = children(of: resource) + resource.foreignKeys.map { Inflector.singular($0.target) }
        if !related.isEmpty {
            getParameters.append(Self.query("_embed", names: related, "Adds related records"))
        }
        getParameters.append(Self.ref(parameter: "IfNoneMatch"))
        var item = recordReadsAndChanges(
            resource, idSchema: ["type": "string", "minLength": 1], getParameters: getParameters)
        guard !readOnly else { return item }
        var deleteParameters: [JSONValue] = []
        let children = self.children(of: resource)
        if !children.isEmpty {
            deleteParameters.append(
                Self.query(
                    "_dependent", names: children,
                    "Also removes this collection's records pointing at the record (others get null)"))
        }
        item["delete"] = [
            "tags": tags, "operationId": .string("delete" + resource.singularWord),
            "summary": .string("Removes the record; members of other records pointing at it become null"),
            "parameters": .array(deleteParameters),
            "responses": [
                "200": [
                    "description": "The removed record", "content": Self.jsonContent(Self.ref(resource.componentName)),
                ],
                "404": Self.ref(response: "NotFound"),
                "400": Self.ref(response: "BadRequest"),
                "414": Self.ref(response: "URITooLong"),
            ],
        ]
        return item
    }

    /// `GET/PUT/PATCH /profile`.
    private func objectPathV1(_ resource: DescribedResource) -> JSONObject {
        var item = singularReadItem(resource)
        guard !readOnly else { return item }
        for (method, word, body) in [("put", "replace", "Input"), ("patch", "update", "Patch")] {
            var answers = writeErrors(notFound: false)
            answers["200"] = [
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
}
