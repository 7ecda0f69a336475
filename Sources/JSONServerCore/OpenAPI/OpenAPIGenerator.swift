import JSON

/// Writes the OpenAPI 3.1 document of what a json-server engine serves:
/// one schema per resource inferred from its records, every route and
/// query parameter of the dialect, the headers and errors the engine
/// really answers with, and the relations as foreign keys.
///
/// Relations follow json-server's convention (`userId` holds the id of a
/// record in `users`) and are written on the member's schema as
/// `"x-trestle-relation": {"resource": "users", "field": "id"}`, so a
/// client needs no `$ref` resolution to follow them.
///
/// ```swift
/// let document = OpenAPIGenerator(database: db, dialect: .v0).document
/// ```
public struct OpenAPIGenerator: Sendable {
    /// The data described.
    public let database: JSONDatabase
    /// Which json-server's routes and queries are described.
    public let dialect: JSONServerDialect
    /// When `true`, only reads are described (writes answer 405).
    public let readOnly: Bool
    /// The base URL written under `servers`, e.g. `http://127.0.0.1:3000`.
    public let serverURL: String?
    /// The routable resources, in file order.
    let resources: [DescribedResource]

    /// Describes `database` as served in `dialect`.
    public init(
        database: JSONDatabase, dialect: JSONServerDialect = .v0, readOnly: Bool = false, serverURL: String? = nil
    ) {
        // v1 serves every id as a string (the router converts them on load).
        self.database = dialect == .v1 ? JSONServerRouter.stringIDs(database) : database
        self.dialect = dialect
        self.readOnly = readOnly
        self.serverURL = serverURL
        self.resources = DescribedResource.all(in: self.database)
    }

    /// Describes `database` with `resources` already worked out from it
    /// (``described(_:dialect:)``): the document without a pass over the records.
    init(
        database: JSONDatabase, resources: [DescribedResource], dialect: JSONServerDialect, readOnly: Bool,
        serverURL: String?
    ) {
        self.database = database
        self.dialect = dialect
        self.readOnly = readOnly
        self.serverURL = serverURL
        self.resources = resources
    }

    /// The resources of `database` as served in `dialect`, with their
    /// schemas: the pass over every record the document needs.
    static func described(_ database: JSONDatabase, dialect: JSONServerDialect) -> [DescribedResource] {
        DescribedResource.all(in: dialect == .v1 ? JSONServerRouter.stringIDs(database) : database)
    }

    /// The path the document is served at.
    public static let path = "/openapi.json"

    /// The whole document.
    public var document: JSONValue {
        var root = JSONObject()
        root["openapi"] = "3.1.0"
        root["info"] = .object(info)
        if let serverURL { root["servers"] = [["url": .string(serverURL)]] }
        root["tags"] = .array(resources.map { .object(["name": .string($0.name)]) })
        root["paths"] = .object(paths)
        root["components"] = .object(components)
        root["x-trestle-dialect"] = .string(dialect.rawValue)
        return .object(root)
    }

    private var info: JSONObject {
        let server = dialect == .v1 ? "json-server 1.0 (beta)" : "json-server 0.17"
        return [
            "title": "trestle serve",
            "version": .string(dialect.rawValue),
            "description": .string(
                "The data served by trestle serve, as \(server) serves it. Schemas are inferred from the records "
                    + "served now: `required` lists the members every record has; members named like `userId` "
                    + "hold the id of a record in `users` (see `x-trestle-relation`). The server stores any "
                    + "JSON object it is sent; the request schemas say what keeps the data in this shape."),
        ]
    }

    /// Every path of the dialect, in resource order, then `/db` and this document.
    private var paths: JSONObject {
        var paths = JSONObject()
        for resource in resources {
            for (path, item) in dialect == .v1 ? pathsV1(for: resource) : pathsV0(for: resource) {
                paths[path] = .object(item)
            }
        }
        if database.collection("db") == nil && database.singular("db") == nil {
            paths["/db"] = .object(["get": .object(databaseOperation)])
        }
        paths[Self.path] = .object(["get": .object(documentOperation)])
        return paths
    }

    /// `GET /db`: every resource at once.
    private var databaseOperation: JSONObject {
        var members = JSONObject()
        for resource in resources {
            members[resource.name] =
                resource.isCollection
                ? ["type": "array", "items": Self.ref(resource.componentName)] : Self.ref(resource.componentName)
        }
        let schema: JSONObject = [
            "type": "object", "properties": .object(members),
            "required": .array(resources.map { .string($0.name) }),
        ]
        return [
            "operationId": "getDatabase",
            "summary": "The whole database: every resource by name",
            "parameters": [Self.ref(parameter: "IfNoneMatch")],
            "responses": .object(readResponses(ok: Self.jsonContent(.object(schema)), notFound: false)),
        ]
    }

    /// `GET /openapi.json`: this document.
    private var documentOperation: JSONObject {
        let schema: JSONObject = ["type": "object", "required": ["openapi", "info", "paths"]]
        return [
            "operationId": "getOpenAPIDocument",
            "summary": "This document (regenerated when the data changes)",
            "parameters": [Self.ref(parameter: "IfNoneMatch")],
            "responses": .object(readResponses(ok: Self.jsonContent(.object(schema)), notFound: false)),
        ]
    }

    // MARK: - Helpers

    /// `{"$ref": "#/components/schemas/<name>"}`.
    static func ref(_ schema: String) -> JSONValue {
        .object(["$ref": .string("#/components/schemas/" + schema)])
    }

    /// `{"$ref": "#/components/parameters/<name>"}`.
    static func ref(parameter: String) -> JSONValue {
        .object(["$ref": .string("#/components/parameters/" + parameter)])
    }

    /// `{"$ref": "#/components/responses/<name>"}`.
    static func ref(response: String) -> JSONValue {
        .object(["$ref": .string("#/components/responses/" + response)])
    }

    /// `{"$ref": "#/components/headers/<name>"}`.
    static func ref(header: String) -> JSONValue {
        .object(["$ref": .string("#/components/headers/" + header)])
    }

    /// `{"application/json": {"schema": schema}}`.
    static func jsonContent(_ schema: JSONValue) -> JSONValue {
        .object(["application/json": .object(["schema": schema])])
    }

    /// A 200 answer to a GET (with `ETag`), its 304, and, when the target
    /// may not exist, its 404.
    /// A record's path item in either dialect: `GET` with `getParameters`,
    /// and (unless read-only) `PUT` and `PATCH`; the caller adds `DELETE`.
    func recordReadsAndChanges(_ resource: DescribedResource, idSchema: JSONValue, getParameters: [JSONValue])
        -> JSONObject
    {
        let tags: JSONValue = [.string(resource.name)]
        let record = Self.jsonContent(Self.ref(resource.componentName))
        var item: JSONObject = [
            "parameters": [Self.pathParameter("id", schema: idSchema)],
            "get": [
                "tags": tags, "operationId": .string("get" + resource.singularWord),
                "summary": .string("One record of \(resource.name)"),
                "parameters": .array(getParameters),
                "responses": .object(readResponses(ok: record, notFound: true)),
            ],
        ]
        guard !readOnly else { return item }
        for (method, word, body, summary) in [
            ("put", "replace", "Input", "Replaces the record (the id is kept)"),
            ("patch", "update", "Patch", "Changes the members sent (top-level merge)"),
        ] {
            var answers = writeErrors(notFound: true)
            answers["200"] = ["description": "The record as stored", "content": record]
            item[method] = [
                "tags": tags, "operationId": .string(word + resource.singularWord), "summary": .string(summary),
                "requestBody": Self.requestBody(Self.ref(resource.componentName + body)),
                "responses": .object(answers),
            ]
        }
        return item
    }

    func readResponses(ok content: JSONValue, notFound: Bool, headers: JSONObject = [:]) -> JSONObject {
        var allHeaders: JSONObject = ["ETag": Self.ref(header: "ETag")]
        for (name, value) in headers { allHeaders[name] = value }
        var responses: JSONObject = [
            "200": .object(["description": "OK", "headers": .object(allHeaders), "content": content]),
            "304": Self.ref(response: "NotModified"),
        ]
        if notFound { responses["404"] = Self.ref(response: "NotFound") }
        responses["400"] = Self.ref(response: "BadRequest")
        responses["414"] = Self.ref(response: "URITooLong")
        return responses
    }

    /// The answers every write can get besides its success.
    func writeErrors(notFound: Bool) -> JSONObject {
        var responses: JSONObject = [
            "400": Self.ref(response: "BadRequest"),
            "413": Self.ref(response: "PayloadTooLarge"),
            "414": Self.ref(response: "URITooLong"),
            "503": Self.ref(response: "DataFileNotUsable"),
        ]
        if notFound { responses["404"] = Self.ref(response: "NotFound") }
        return responses
    }

    /// A JSON request body of `schema`.
    static func requestBody(_ schema: JSONValue) -> JSONValue {
        .object(["required": true, "content": jsonContent(schema)])
    }
}
