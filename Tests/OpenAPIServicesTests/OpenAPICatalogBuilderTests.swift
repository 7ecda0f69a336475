import Foundation
import JSON
import OpenAPIServices
import Services
import TestSupport
import Testing

/// Each derivation rule, on documents as FastAPI and Spring write them.
@Suite("Descriptors from an OpenAPI document")
struct OpenAPICatalogBuilderTests {
    static func resources(_ text: String, source: String = "test.json") throws -> [ResourceDescriptor] {
        try OpenAPIDescription.read(Data(text.utf8), location: source).catalog.resources
    }

    static func fastAPI() throws -> ResourceCatalog {
        try OpenAPIDescription.read(Data(LibraryDocuments.fastAPI.utf8), location: "http://x/openapi.json").catalog
    }

    static func spring() throws -> ResourceCatalog {
        try OpenAPIDescription.read(Data(LibraryDocuments.spring.utf8), location: "http://x/openapi.yaml").catalog
    }

    @Test func collectionsAreTheListingGETsInPathOrderNamedByTheirLastSegment() throws {
        let catalog = try Self.fastAPI()
        #expect(catalog.names == ["authors", "books", "reviews", "events", "loans"])
        #expect(catalog.source == "openapi.json")
        #expect(catalog.isFromDocument)
    }

    @Test func aPlainArrayWithLimitAndOffsetPagesByOffsetAtTheLimitsMaximum() throws {
        let authors = try #require(try Self.fastAPI()["authors"])
        let route = try #require(authors.route)
        #expect(route.path == "/authors")
        #expect(route.itemsKey == nil)
        #expect(route.paging == .offset(limit: "limit", offset: "offset"))
        #expect(authors.pageSize == 10)
    }

    @Test func aPageEnvelopeGivesItsArrayTotalAndPageWords() throws {
        let books = try #require(try Self.fastAPI()["books"])
        let route = try #require(books.route)
        #expect(route.itemsKey == "items")
        #expect(route.totalKey == "total")
        #expect(route.paging == .pages(page: "page", size: "size", first: 1))
        #expect(books.pageSize == 15)
        #expect(route.sortParameter == "sort")
        #expect(!route.sortsWithDirection)
        let query = ListQuery(sort: [.init("year", descending: true)], page: 3, limit: 15)
        #expect(
            route.queryItems(query, filters: []).map { "\($0.name)=\($0.value ?? "")" } == [
                "sort=-year", "page=3", "size=15",
            ])
    }

    @Test func aResultsCountEnvelopeIsFoundByItsArrayProperty() throws {
        let reviews = try #require(try Self.fastAPI()["reviews"])
        #expect(reviews.route?.itemsKey == "results")
        #expect(reviews.route?.totalKey == "count")
        #expect(reviews.pageSize == 50)
    }

    @Test func aCursorParameterWithANextCursorInTheEnvelopePagesByTheCursor() throws {
        let events = try #require(try Self.fastAPI()["events"])
        let route = try #require(events.route)
        #expect(route.paging == .cursor(parameter: "cursor", size: "limit", next: "next_cursor"))
        #expect(route.itemsKey == "data")
        #expect(route.totalKey == nil)
        #expect(events.pageSize == 10)
        #expect(events.idField == "id")
        // The first page is asked without the cursor, the next with the one answered.
        #expect(route.queryItems(ListQuery(page: 1, limit: 10), filters: []).map(\.name) == ["limit"])
        let second = route.queryItems(ListQuery(page: 2, limit: 10), filters: [], cursor: "YXQ6MTA=")
        #expect(second.map { "\($0.name)=\($0.value ?? "")" } == ["limit=10", "cursor=YXQ6MTA="])
        // The cursor is read from the envelope, or from the URL there.
        #expect(route.nextCursor(in: .object(JSONObject([("next_cursor", .string("abc"))]))) == "abc")
        #expect(route.nextCursor(in: .object(JSONObject([("next_cursor", .null)]))) == nil)
        let link = JSONValue.object(JSONObject([("next_cursor", .string("http://x/events?limit=10&cursor=def"))]))
        #expect(route.nextCursor(in: link) == "def")
    }

    @Test func aNextCursorOneObjectDownIsFoundAndAPageNumberEnvelopeIsNoCursor() throws {
        let document = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {
              "/things": {"get": {
               "parameters": [{"name": "after", "in": "query", "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                "type": "object", "properties": {
                 "results": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}}}},
                 "meta": {"type": "object", "properties": {"next": {"type": ["string", "null"]}}}}}}}}}}},
              "/pages": {"get": {
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                "type": "object", "properties": {
                 "items": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}}}},
                 "next": {"type": "string"}}}}}}}}}
             }}
            """#
        let catalog = try OpenAPIDescription.read(Data(document.utf8), location: "t.json").catalog
        #expect(catalog["things"]?.route?.paging == .cursor(parameter: "after", size: nil, next: "meta.next"))
        #expect(catalog["pages"]?.route?.paging == ResourceRoute.Paging.none)
    }

    /// As `trestle serve --dialect v1` describes its collections: an array
    /// or, with `_page`, a page envelope; a foreign key with `x-trestle-relation`.
    @Test func anArrayOrPageAnswerIsTheArrayAndXTrestleRelationNamesTheParent() throws {
        let document = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {
              "/people": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {
               "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Person"}}}}}}}},
              "/notes": {"get": {
               "parameters": [{"name": "_page", "in": "query", "schema": {"type": "integer"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"anyOf": [
                {"type": "array", "items": {"$ref": "#/components/schemas/Note"}},
                {"$ref": "#/components/schemas/NotePage"}]}}}}}}}
             },
             "components": {"schemas": {
              "Person": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}},
              "Note": {"type": "object", "properties": {
               "writer": {"type": ["integer", "string", "null"],
                "x-trestle-relation": {"resource": "people", "field": "id"}},
               "id": {"type": "string"}, "text": {"type": "string"}}},
              "NotePage": {"type": "object", "properties": {
               "items": {"type": "integer"}, "data": {"type": "array", "items": {"$ref": "#/components/schemas/Note"}}}}
             }}}
            """#
        let catalog = try OpenAPIDescription.read(Data(document.utf8), location: "t.json").catalog
        let notes = try #require(catalog["notes"])
        #expect(notes.route?.paging == .jsonServer)
        #expect(notes.route?.itemsKey == nil)
        #expect(notes.relations.contains(.init("writer", target: "people", .parent(foreignKey: "writer"))))
        #expect(notes.columns.map(\.field) == ["id", "text", "writer"])
    }

    @Test func springsPageIsContentAndTotalElementsWithPagesFromZero() throws {
        let books = try #require(try Self.spring()["books"])
        let route = try #require(books.route)
        #expect(route.path == "/api/books")
        #expect(route.itemsKey == "content")
        #expect(route.totalKey == "totalElements")
        #expect(route.paging == .pages(page: "page", size: "size", first: 0))
        #expect(books.pageSize == 20)
        #expect(route.replacesOnUpdate)
        #expect(route.sortsWithDirection)
        let query = ListQuery(sort: [.init("year", descending: true), .init("title")], page: 2, limit: 20)
        #expect(
            route.queryItems(query, filters: []).map { "\($0.name)=\($0.value ?? "")" } == [
                "sort=year,desc", "sort=title,asc", "page=1", "size=20",
            ])
        let authors = try #require(try Self.spring()["authors"])
        #expect(authors.route?.paging == ResourceRoute.Paging.none)
    }

    @Test func theIDFieldIsTheRecordRoutesParameterWhenTheSchemaHasItElseID() throws {
        #expect(try Self.fastAPI()["books"]?.idField == "id")
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {
               "/pets": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
                 {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}}},
               "/pets/{slug}": {"get": {"parameters": [{"name": "slug", "in": "path", "required": true,
                 "schema": {"type": "string"}}],
                 "responses": {"200": {"description": "ok"}}}}},
             "components": {"schemas": {"Pet": {"type": "object", "properties": {
               "slug": {"type": "string"}, "species": {"type": "string"}, "age": {"type": "integer"},
               "owner": {"type": "object", "properties": {"name": {"type": "string"}}}}}}}}
            """#
        let pets = try #require(try Self.resources(text).first)
        #expect(pets.idField == "slug")
        // No name, title, label or login: the first string that is not the id.
        #expect(pets.labelField == "species")
        // Scalars only, the id first; the nested owner is for the detail.
        #expect(pets.columns.map(\.field) == ["slug", "species", "age"])
        #expect(pets.singular == "pet")
        #expect(pets.formFields.isEmpty)
    }

    @Test func columnsPutTheIDFirstThenScalarsAndTheLabelIsName() throws {
        let authors = try #require(try Self.fastAPI()["authors"])
        #expect(authors.columns.map(\.field) == ["id", "name", "country", "born"])
        #expect(authors.labelField == "name")
        #expect(authors.columns.first { $0.field == "born" }?.kind == .integer)
        let books = try #require(try Self.fastAPI()["books"])
        #expect(books.labelField == "title")
        #expect(books.columns.first?.kind == .uuid)
    }

    @Test func aNestedRouteGivesTheParentItsChildrenAndTheChildItsRoute() throws {
        let catalog = try Self.fastAPI()
        let authors = try #require(catalog["authors"])
        #expect(authors.relations.contains(.init("books", target: "books", .children(foreignKey: "author_id"))))
        #expect(catalog["books"]?.route?.nestedRoutes == ["author_id": "/authors/{}/books"])
        let spring = try Self.spring()
        #expect(spring["books"]?.route?.nestedRoutes == ["authorId": "/api/authors/{}/books"])
    }

    @Test func aForeignKeyGivesTheRecordItsParentAndAFilterableOneTheParentItsChildren() throws {
        let catalog = try Self.fastAPI()
        #expect(
            catalog["books"]?.relations.contains(.init("author", target: "authors", .parent(foreignKey: "author_id")))
                == true)
        #expect(
            catalog["reviews"]?.relations.contains(.init("book", target: "books", .parent(foreignKey: "book_id")))
                == true)
        // `GET /reviews` takes `book_id`: a book's reviews can be asked for.
        #expect(
            catalog["books"]?.relations.contains(.init("reviews", target: "reviews", .children(foreignKey: "book_id")))
                == true)
        let spring = try Self.spring()
        #expect(
            spring["books"]?.relations.contains(.init("author", target: "authors", .parent(foreignKey: "authorId")))
                == true)
    }

    @Test func aPropertyThatIsARefToAnotherCollectionsSchemaIsAParent() throws {
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {
               "/owners": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
                 {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Owner"}}}}}}}},
               "/pets": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
                 {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}}}},
             "components": {"schemas": {
               "Owner": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}},
               "Pet": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
                 "owner": {"$ref": "#/components/schemas/Owner"}}}}}}
            """#
        let pets = try #require(try Self.resources(text).last)
        #expect(pets.relations == [.init("owner", target: "owners", .parent(foreignKey: "owner.id"))])
    }

    @Test func formsComeFromThePOSTBodyWithRequiredFieldsAndTypes() throws {
        let books = try #require(try Self.fastAPI()["books"])
        #expect(
            books.formFields == [
                .init("title", .text, required: true), .init("author_id", .text, required: true),
                .init("year", .number, required: true, minimum: 1400, maximum: 2100), .init("available", .bool),
                .init("genre", .text, required: true, choices: ["novel", "poetry", "essay"]),
            ])
        #expect(books.toggle?.field == "available")
        #expect(books.route?.replacesOnUpdate == false)
        // Authors have no POST, PATCH nor PUT: read-only here.
        #expect(try Self.fastAPI()["authors"]?.isWritable == false)
        // Spring's id is readOnly: not in the form.
        #expect(
            try Self.spring()["books"]?.formFields.map(\.field) == ["title", "authorId", "year", "available", "genre"])
    }

    @Test func theAuthSchemesAreNamed() throws {
        let description = try OpenAPIDescription.read(Data(LibraryDocuments.fastAPI.utf8), location: "x.json")
        #expect(description.authSchemes == ["bearer token (HTTPBearer)"])
    }

    /// A record path that takes writes and no `GET` (records changed one
    /// by one, read only in the list): still the record route, so the
    /// collection has its toggle and form; its route says records are not
    /// read alone. Whole and in slices alike.
    @Test func aRecordPathWithWritesAndNoReadIsTheRecordRouteReadInTheListOnly() throws {
        let document = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {
              "/tasks": {
                "get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
                  {"type": "array", "items": {"$ref": "#/components/schemas/Task"}}}}}}},
                "post": {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Task"}}}},
                  "responses": {"201": {"description": "made"}}}},
              "/tasks/{task_id}": {
                "patch": {"parameters": [{"name": "task_id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                  "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Task"}}}},
                  "responses": {"200": {"description": "ok"}}},
                "delete": {"parameters": [{"name": "task_id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                  "responses": {"204": {"description": "gone"}}}},
              "/notes": {
                "get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
                  {"type": "array", "items": {"$ref": "#/components/schemas/Task"}}}}}}}},
              "/notes/{id}": {
                "delete": {"responses": {"204": {"description": "gone"}}},
                "get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
                  {"$ref": "#/components/schemas/Task"}}}}}}}},
            "components": {"schemas": {"Task": {"type": "object", "properties": {
              "id": {"type": "integer", "readOnly": true}, "title": {"type": "string"}, "done": {"type": "boolean"}}}}}}
            """#
        for sliced in [true, false] {
            let catalog = try OpenAPIDescription.read(Data(document.utf8), location: "t.json", sliced: sliced).catalog
            let tasks = try #require(catalog["tasks"])
            #expect(tasks.route?.readsRecords == false, "sliced: \(sliced)")
            #expect(tasks.route?.recordPath == "/tasks/{}")
            #expect(tasks.toggle?.field == "done")
            #expect(tasks.formFields.map(\.field) == ["title", "done"])
            #expect(tasks.route?.replacesOnUpdate == false)
            // A record path with a `GET` reads records alone, whatever else it takes.
            #expect(catalog["notes"]?.route?.readsRecords == true)
        }
    }

    /// What a cached catalog keeps: a route whose records are read only in
    /// the list says so; one kept by an earlier build (no such key) reads them.
    @Test func aRouteKeepsWhetherItsRecordsAreReadAlone() throws {
        var route = ResourceRoute(path: "/tasks")
        route.readsRecords = false
        let kept = try JSONEncoder().encode(route)
        #expect(try JSONDecoder().decode(ResourceRoute.self, from: kept).readsRecords == false)
        // Written as earlier builds wrote it: no such key.
        let earlier = try JSONEncoder().encode(ResourceRoute(path: "/tasks"))
        #expect(!String(decoding: earlier, as: UTF8.self).contains("readsRecords"))
        #expect(try JSONDecoder().decode(ResourceRoute.self, from: earlier).readsRecords == true)
    }
}
