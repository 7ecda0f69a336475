import Foundation
import JSON

/// The OpenAPI document drf-spectacular serves for the ``DjangoTestServer``
/// (`/api/schema/`): each collection's list `GET` with the query
/// parameters its view takes, as drf-spectacular documents them —
/// pagination, `ordering` and `search` with DRF's own descriptions, and the
/// django-filter lookups of every field (`year`, `year__gte`,
/// `title__icontains`, `publisher__in`; django-filter has no `__ne`).
enum DjangoSchemaDocument {
    /// The lookups declared for every field (`exact` is the bare field).
    static let lookups = ["", "__lt", "__lte", "__gt", "__gte", "__icontains", "__in"]

    /// The document for `collections` (name → a record, for its fields).
    static func document(_ collections: [(name: String, sample: JSONObject)], paging: DjangoTestServer.Paging)
        -> JSONValue
    {
        var paths: [(String, JSONValue)] = []
        for (name, sample) in collections {
            var parameters = pagingParameters(paging)
            parameters.append(parameter("ordering", "Which field to use when ordering the results."))
            parameters.append(parameter("search", "A search term."))
            for field in sample.keys.sorted() {
                parameters += lookups.map { parameter(field + $0, nil) }
            }
            let list = JSONObject([("operationId", .string("\(name)_list")), ("parameters", .array(parameters))])
            paths.append(("/api/\(name)/", .object(JSONObject([("get", .object(list))]))))
            let record = JSONObject([("operationId", .string("\(name)_retrieve"))])
            paths.append(("/api/\(name)/{id}/", .object(JSONObject([("get", .object(record))]))))
        }
        return .object(
            JSONObject([
                ("openapi", .string("3.0.3")),
                ("info", .object(JSONObject([("title", .string("Library")), ("version", .string("1.0.0"))]))),
                ("paths", .object(JSONObject(paths))),
            ]))
    }

    private static func pagingParameters(_ paging: DjangoTestServer.Paging) -> [JSONValue] {
        switch paging {
        case .pageNumber:
            [
                parameter("page", "A page number within the paginated result set."),
                parameter("page_size", "Number of results to return per page."),
            ]
        case .limitOffset:
            [
                parameter("limit", "Number of results to return per page."),
                parameter("offset", "The initial index from which to return the results."),
            ]
        }
    }

    private static func parameter(_ name: String, _ description: String?) -> JSONValue {
        var fields: [(String, JSONValue)] = [("in", .string("query")), ("name", .string(name))]
        if let description { fields.append(("description", .string(description))) }
        fields.append(("schema", .object(JSONObject([("type", .string("string"))]))))
        return .object(JSONObject(fields))
    }
}
