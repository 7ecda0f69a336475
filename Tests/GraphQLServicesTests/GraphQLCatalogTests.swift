import Foundation
import JSON
import Networking
import Services
import Testing

@testable import GraphQLServices

/// The catalog, the queries and the answers' reading over the introspection
/// answer recorded from the ariadne library service (Tests/Fixtures/ariadne-library).
@Suite struct GraphQLCatalogTests {
    static func schema() throws -> IntrospectedSchema {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/ariadne-library", withExtension: "json"))
        return try IntrospectedSchema.read(try JSONParser.parse(try Data(contentsOf: url)))
    }

    @Test func connectionsAndListsAreCollections() throws {
        let catalog = GraphQLCatalog(try Self.schema())
        #expect(catalog.collections.map(\.field) == ["authors", "books", "publishers"])
        let books = try #require(catalog.collection("books"))
        #expect(books.nodeType == "Book")
        #expect(books.shape == .connection(edges: true, totalCount: true, pageInfo: true))
        #expect(books.pagesByCursor)
        #expect(books.recordField == "book")
        #expect(books.filterArgument?.name == "filter")
        #expect(books.orderValues.contains("TITLE_DESC"))
        #expect(catalog.collection("publishers")?.shape == .list)
    }

    @Test func scalarsAreColumnsAndObjectsRelations() throws {
        let catalog = GraphQLCatalog(try Self.schema())
        let books = try #require(catalog.descriptors.first { $0.name == "books" })
        #expect(books.columns.map(\.field) == ["id", "title", "year", "genre"])
        #expect(books.labelField == "title")
        #expect(books.pageSize == GraphQLCatalog.pageSize)
        #expect(books.route?.isCursorPaged == true)
        #expect(books.relations.map(\.name) == ["author", "publisher"])
        #expect(books.relations.first?.kind == .parent(foreignKey: "author.id"))
        let authors = try #require(catalog.descriptors.first { $0.name == "authors" })
        #expect(
            authors.relations == [
                ResourceDescriptor.Relation("books", target: "books", .children(foreignKey: "author"))
            ])
        // The children relation is applied by the server (a nested route), so its count is asked.
        #expect(books.listCapabilities().applies(ListQuery.Filter("author", "3"), on: books.route))
        #expect(try #require(catalog.descriptors.first { $0.name == "publishers" }).pageSize == 0)
    }

    @Test func queriesAreBuiltFromTheTypesAndValidate() throws {
        let catalog = GraphQLCatalog(try Self.schema())
        let builder = QueryBuilder(catalog: catalog)
        let validator = QueryValidator(catalog.schema)
        #expect(validator.validates)
        let books = try #require(catalog.collection("books"))
        let list = builder.list(
            books, ListQuery(filters: [.init("genre", "poetry")], sort: [.init("title", descending: true)]),
            cursor: "b2Zmc2V0OjE5", first: 20)
        #expect(
            list.text
                == "query TrestleList($first: Int, $after: String, $filter: BookFilter, $orderBy: BookOrder) "
                + "{ books(first: $first, after: $after, filter: $filter, orderBy: $orderBy) { totalCount "
                + "pageInfo { hasNextPage endCursor } edges { node { id title year genre author { id name } "
                + "publisher { id name } } } } }")
        #expect(list.variables["filter"] == .object(JSONObject([("genre", .string("poetry"))])))
        #expect(list.variables["orderBy"] == .string("TITLE_DESC"))
        #expect(validator.problem(list.text) == nil)
        let link = try #require(catalog.link(key: "author", into: "books"))
        let nested = try #require(builder.nested(link, id: "3", cursor: nil, first: 20))
        #expect(validator.problem(nested.text) == nil)
        #expect(
            nested.text.hasPrefix(
                "query TrestleRelated($id: ID!, $first: Int) { author(id: $id) { books(first: $first)"))
        #expect(validator.problem(try #require(builder.record(books, id: "1")).text) == nil)
        let addBook = try #require(catalog.mutations.first { $0.field == "addBook" })
        let mutation = builder.mutation(
            addBook,
            values: JSONObject([("input", .object(JSONObject([("title", .string("X")), ("authorId", .string("1"))])))]))
        #expect(validator.problem(mutation.text) == nil)
        #expect(QueryValidator.depth(of: nested.text) <= GraphQLQuery.deepest)
    }

    @Test func aQueryTheSchemaRefusesIsNotSent() throws {
        let validator = QueryValidator(try Self.schema())
        #expect(validator.problem("{ books { nope } }") != nil)
        if case .invalidQuery(let reason)? = validator.problem("{ books { ") {
            #expect(!reason.isEmpty)
        } else {
            Issue.record("a query that does not parse is an invalid query")
        }
    }

    @Test func mutationsAreOperationsWithFormsFromTheirInputTypes() throws {
        let catalog = GraphQLCatalog(try Self.schema())
        let operations = catalog.operations.operations
        #expect(operations.map(\.path) == ["/addBook", "/authors/{id}/renameAuthor"])
        #expect(operations[1].fields.map(\.location) == [.path, .body])
        let addBook = operations[0]
        #expect(addBook.fields.map(\.name) == ["input.title", "input.year", "input.genre", "input.authorId"])
        #expect(addBook.fields.map(\.isRequired) == [true, false, false, true])
        #expect(addBook.fields[1].kind == .integer)
        #expect(
            GraphQLAPIService.nested(JSONObject([("input.title", .string("X")), ("id", .int(1))]))
                == JSONObject([("input", .object(JSONObject([("title", .string("X"))]))), ("id", .int(1))]))
    }

    @Test func errorsAreOneLineNamingThePath() throws {
        let body =
            #"{"errors":[{"message":"Not allowed\nmore","path":["books","edges",0,"node","author"]},{"message":"x"}],"data":null}"#
        let response = Networking.Response(
            status: 200, body: Data(body.utf8), url: URL(string: "http://127.0.0.1/graphql")!)
        // The first error's first line, its path and how many more, as data (App words it).
        let expected = GraphQLProblem.errors(message: "Not allowed", path: "books.edges.0.node.author", more: 1)
        #expect(throws: ServiceError(.badData, "\(expected)")) {
            _ = try GraphQLAPIService.data(of: response, words: { "\($0)" })
        }
    }

    @Test func aBadAnswerIsRefused() {
        #expect(throws: IntrospectedSchema.Problem.self) { try IntrospectedSchema.read(.object(JSONObject())) }
    }
}
