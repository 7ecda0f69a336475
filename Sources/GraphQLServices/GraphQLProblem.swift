/// A GraphQL service's failure, as data. This target has no words: the
/// service is given the function that says each problem in the run's
/// language (App's `GraphQLStage.words`), as the gRPC backend is.
public enum GraphQLProblem: Sendable, Equatable {
    /// A list walked past ``GraphQLAPIService/mostPages`` pages by cursor.
    case tooManyPages(count: Int)
    /// `type` has no query field taking one `id`: its records cannot be opened.
    case noRecordField(type: String)
    /// The record asked for is not there (`null`).
    case notFound
    /// The answer lacks what the query asked at `path`.
    case missing(path: String)
    /// Records are written by mutations (the `o` screen), not by a form.
    case writeByMutation
    /// The schema has no mutation `name`.
    case noMutation(name: String)
    /// A query would nest deeper than ``GraphQLQuery/deepest``.
    case tooDeep(depth: Int)
    /// The server answered `status`, not a success.
    case answered(status: Int)
    /// The answer had no `data`.
    case noData
    /// The first entry of the `errors` array (its first line), at `path`
    /// when it names one, and how many more there were.
    case errors(message: String, path: String?, more: Int)
    /// The query did not parse or validate against the schema: the library's reason.
    case invalidQuery(reason: String)
}
