import JSON

/// `GET /openapi.json`: the OpenAPI 3.1 document of what this router serves.
///
/// Answered like any GET, so it has an `ETag`, answers `If-None-Match` with
/// 304 and is kept in the answer cache, which every successful write
/// empties: the document is generated once per state of the data.
extension JSONServerRouter {
    /// Whether a request's path segments name the document.
    static func isOpenAPIDocument(_ segments: [String]) -> Bool {
        segments.count == 1 && segments[0] == "openapi.json"
    }

    /// The document for GET; 405 (with `Allow`) for any other method.
    func openAPIDocument(method: String, request: EngineRequest) -> EngineResponse {
        guard method == "GET" else {
            var response = EngineResponse.error(status: 405, "\(OpenAPIGenerator.path) can only be read")
            response.headers.append(HeaderField(name: "Allow", value: "GET, HEAD, OPTIONS"))
            return response
        }
        let generator =
            describedResources.map {
                OpenAPIGenerator(
                    database: database, resources: $0, dialect: dialect, readOnly: readOnly,
                    serverURL: request.baseURL)
            }
            ?? OpenAPIGenerator(database: database, dialect: dialect, readOnly: readOnly, serverURL: request.baseURL)
        return .json(status: 200, generator.document)
    }
}
