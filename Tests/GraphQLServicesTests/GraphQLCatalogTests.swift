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
        try validator.check(list.text)
        let link = try #require(catalog.link(key: "author", into: "books"))
        let nested = try #require(builder.nested(link, id: "3", cursor: nil, first: 20))
        try validator.check(nested.text)
        #expect(
            nested.text.hasPrefix(
                "query TrestleRelated($id: ID!, $first: Int) { author(id: $id) { books(first: $first)"))
        try validator.check(try #require(builder.record(books, id: "1")).text)
        let addBook = try #require(catalog.mutations.first { $0.field == "addBook" })
        let mutation = builder.mutation(
            addBook,
            values: JSONObject([("input", .object(JSONObject([("title", .string("X")), ("authorId", .string("1"))])))]))
        try validator.check(mutation.text)
        #expect(QueryValidator.depth(of: nested.text) <= GraphQLQuery.deepest)
    }

    @Test func aQueryTheSchemaRefusesIsNotSent() throws {
        let validator = QueryValidator(try Self.schema())
        #expect(throws: ServiceError.self) { try validator.check("{ books { nope } }") }
        #expect(throws: ServiceError.self) { try validator.check("{ books { ") }
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
        #expect(throws: ServiceError(.badData, "GraphQL error at books.edges.0.node.author: Not allowed (and 1 more)"))
        {
            _ = try GraphQLAPIService.data(of: response)
        }
    }

    @Test func aBadAnswerIsRefused() {
        #expect(throws: IntrospectedSchema.Problem.self) { try IntrospectedSchema.read(.object(JSONObject())) }
    }
}
