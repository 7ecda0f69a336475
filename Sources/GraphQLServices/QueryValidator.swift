import GraphQL
import Services

/// Parses and validates every query Trestle builds against the service's
/// schema (the introspected types written as SDL and built by the GraphQL
/// library), before it is sent: a query the schema would refuse is never
/// sent. A schema the library cannot build (a type it does not know) leaves
/// the queries parsed only.
final class QueryValidator: Sendable {
    private let schema: GraphQLSchema?

    init(_ introspected: IntrospectedSchema) {
        schema = try? buildSchema(source: introspected.sdl)
    }

    /// Whether the library built the schema (its queries are validated, not only parsed).
    var validates: Bool { schema != nil }

    /// Nothing when `query` parses and, the schema built, is valid; else
    /// the library's first message.
    func problem(_ query: String) -> GraphQLProblem? {
        let document: Document
        do {
            document = try parse(source: query)
        } catch {
            return .invalidQuery(reason: Self.message(of: error))
        }
        guard let schema else { return nil }
        if let first = validate(schema: schema, ast: document).first {
            return .invalidQuery(reason: first.message)
        }
        return nil
    }

    /// The depth of `query`'s selections (braces), which ``GraphQLQuery``
    /// keeps under ``GraphQLQuery/deepest``.
    static func depth(of query: String) -> Int {
        var depth = 0
        var deepest = 0
        for character in query {
            if character == "{" {
                depth += 1
                deepest = max(deepest, depth)
            } else if character == "}" {
                depth -= 1
            }
        }
        return deepest
    }

    private static func message(of error: any Error) -> String {
        (error as? GraphQLError)?.message ?? "\(error)"
    }
}
