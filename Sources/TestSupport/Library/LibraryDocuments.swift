import Foundation

/// The OpenAPI documents the ``LibraryTestServer`` publishes, kept as the
/// files the tools wrote (`Sources/TestSupport/Resources/`), not as Swift.
public enum LibraryDocuments {
    /// FastAPI 0.165 + fastapi-pagination 0.16's own output (3.1, JSON),
    /// generated once from a FastAPI model of the same library — `anyOf`
    /// with `null` for optional fields, `$ref`s into `components`, a
    /// `Page[Book]` envelope (`items`/`total`/`page`/`size`/`pages`), a
    /// `results`/`count` envelope and limit/offset paging — and committed so
    /// the tests need no Python (`library-fastapi.json`).
    public static let fastAPI = resource("library-fastapi.json")

    /// The same library as a Spring Boot service documents it with
    /// springdoc-openapi (3.0, served as YAML here): paths under `/api`,
    /// camelCase fields, `Page<Book>` as `content`/`totalElements`/`number`/
    /// `size` with 0-based `page`/`size` parameters (`@ParameterObject
    /// Pageable`), `nullable: true`, `PUT` without `PATCH`, integer `int64`
    /// formats (`library-spring.yaml`).
    public static let spring = resource("library-spring.yaml")

    /// The text of `Resources/name`, or a line saying it is missing or
    /// unreadable (which no reader takes for a document, so the test reading
    /// it fails saying why).
    static func resource(_ name: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources") else {
            return "missing test resource Sources/TestSupport/Resources/\(name)"
        }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            return "unreadable test resource \(url.path): \(error)"
        }
    }
}
