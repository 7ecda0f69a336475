import Foundation
import JSON
import JSONServerCore
import Testing

/// The OpenAPI 3.1 document `trestle serve` publishes, generated from the
/// shipped sample data and small databases, in both dialects.
@Suite struct OpenAPIGeneratorTests {
    static let sampleData: JSONDatabase = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../sample-data/db.json")
        // The tests below fail on a missing file through an empty database.
        return (try? JSONDatabase(data: Data(contentsOf: url))) ?? JSONDatabase(collections: [])
    }()

    private func document(
        _ database: JSONDatabase = sampleData, dialect: JSONServerDialect = .v0, readOnly: Bool = false
    ) -> JSONValue {
        OpenAPIGenerator(database: database, dialect: dialect, readOnly: readOnly, serverURL: "http://127.0.0.1:3000")
            .document
    }

    private func database(_ json: String) throws -> JSONDatabase {
        try JSONDatabase(data: Data(json.utf8))
    }

    private func methods(_ document: JSONValue, _ path: String) -> [String] {
        document["paths"]?[path]?.objectValue?.keys.filter { $0 != "parameters" } ?? []
    }

    private func parameterNames(_ operation: JSONValue?) -> [String] {
        (operation?["parameters"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    }

    private func schema(_ document: JSONValue, _ name: String) -> JSONValue? {
        document["components"]?["schemas"]?[name]
    }

    @Test func theSampleDataHasEveryV0Route() {
        let document = document()
        #expect(document["openapi"] == "3.1.0")
        #expect(document["servers"]?.arrayValue?.first?["url"] == "http://127.0.0.1:3000")
        let paths = document["paths"]?.objectValue?.keys ?? []
        #expect(
            paths == [
                "/users", "/users/{id}", "/posts", "/posts/{id}", "/users/{userId}/posts", "/comments",
                "/comments/{id}", "/posts/{postId}/comments", "/albums", "/albums/{id}", "/users/{userId}/albums",
                "/photos", "/photos/{id}", "/albums/{albumId}/photos", "/todos", "/todos/{id}",
                "/users/{userId}/todos", "/db", "/openapi.json",
            ])
        #expect(methods(document, "/users") == ["get", "post"])
        #expect(methods(document, "/users/{id}") == ["get", "put", "patch", "delete"])
        #expect(methods(document, "/users/{userId}/posts") == ["get", "post"])
        #expect(methods(document, "/db") == ["get"])
        #expect(document["paths"]?["/users/{id}"]?["get"]?["operationId"] == "getUser")
        #expect(document["paths"]?["/users/{userId}/posts"]?["get"]?["operationId"] == "listUserPosts")
        #expect(document["x-trestle-dialect"] == "v0")
    }

    @Test func recordSchemasAreInferredWithRequiredMembersAndNestedObjects() throws {
        let document = document()
        let user = try #require(schema(document, "User"))
        #expect(user["type"] == "object")
        #expect(user["x-trestle-resource"] == "users")
        #expect(user["properties"]?["id"]?["type"] == "integer")
        #expect(user["properties"]?["name"]?["type"] == "string")
        #expect(user["required"]?.arrayValue?.contains("email") == true)
        let address = try #require(user["properties"]?["address"])
        #expect(address["type"] == "object")
        #expect(address["properties"]?["geo"]?["properties"]?["lat"]?["type"] == "string")
        #expect(address["required"] == ["street", "suite", "city", "zipcode", "geo"])
        #expect(schema(document, "Todo")?["properties"]?["completed"]?["type"] == "boolean")
        // The input schema leaves the id to the server.
        #expect(schema(document, "UserInput")?["required"]?.arrayValue?.contains("id") == false)
        #expect(schema(document, "UserInput")?["properties"]?["id"] == nil)
        #expect(schema(document, "UserInput")?["required"]?.arrayValue?.contains("email") == true)
        #expect(schema(document, "UserPatch")?["required"] == nil)
    }

    @Test func typesSayWhatTheDataHoldsAndRequiredWhatEveryRecordHas() throws {
        let database = try database(
            """
            {"items": [
              {"id": 1, "price": 2, "note": null, "tags": ["a"], "size": 3, "extra": true},
              {"id": 2, "price": 2.5, "note": "x", "tags": [], "size": "L"}
            ]}
            """)
        let item = try #require(schema(document(database), "Item"))
        #expect(item["properties"]?["id"]?["type"] == "integer")
        #expect(item["properties"]?["price"]?["type"] == "number")
        #expect(item["properties"]?["note"]?["type"] == ["string", "null"])
        #expect(item["properties"]?["tags"]?["items"]?["type"] == "string")
        #expect(item["properties"]?["size"]?["type"] == ["string", "integer"])
        #expect(item["properties"]?["size"]?["enum"] == nil)
        #expect(item["required"] == ["id", "price", "note", "tags", "size"])
    }

    @Test func foreignKeysAreRelations() throws {
        let post = try #require(schema(document(), "Post"))
        #expect(post["properties"]?["userId"]?["x-trestle-relation"] == ["resource": "users", "field": "id"])
        #expect(post["properties"]?["userId"]?["type"] == "integer")
        let photo = try #require(schema(document(), "Photo"))
        #expect(photo["properties"]?["albumId"]?["x-trestle-relation"]?["resource"] == "albums")
        #expect(photo["properties"]?["title"]?["x-trestle-relation"] == nil)
        // In v1 a client sets userId to a user's string id, and deleting the user sets it to null.
        let postV1 = try #require(schema(document(dialect: .v1), "Post"))
        #expect(postV1["properties"]?["userId"]?["type"] == ["integer", "string", "null"])
        #expect(postV1["properties"]?["id"]?["type"] == "string")
    }

    @Test func v0ListsTakeJSONServer017Parameters() {
        let list = document()["paths"]?["/users"]?["get"]
        let names = parameterNames(list)
        for name in ["_page", "_limit", "_start", "_end", "_sort", "_order", "q", "_embed"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(list?["parameters"]?.arrayValue?.last == ["$ref": "#/components/parameters/IfNoneMatch"])
        #expect(names.contains("address.city"))
        #expect(names.contains("name_like"))
        #expect(names.contains("id_gte") && names.contains("id_lte") && names.contains("id_ne"))
        #expect(!names.contains("_per_page"))
        let embed = list?["parameters"]?.arrayValue?.first { $0["name"] == "_embed" }
        #expect(embed?["schema"]?["enum"] == ["posts", "albums", "todos"])
        let posts = parameterNames(document()["paths"]?["/posts"]?["get"])
        #expect(posts.contains("_expand"))
        let headers = list?["responses"]?["200"]?["headers"]?.objectValue?.keys ?? []
        #expect(headers == ["ETag", "X-Total-Count", "Link"])
        #expect(list?["responses"]?["304"] != nil)
        #expect(document()["paths"]?["/users/{id}"]?["get"]?["responses"]?["404"] != nil)
        #expect(document()["paths"]?["/users"]?["post"]?["responses"]?["409"] != nil)
        #expect(document()["paths"]?["/users"]?["post"]?["responses"]?["413"] != nil)
    }

    @Test func v1ListsTakeJSONServer10ParametersAndAnswerPages() {
        let document = document(dialect: .v1)
        #expect(!methods(document, "/users").isEmpty)
        #expect(methods(document, "/users/{userId}/posts").isEmpty)
        let names = parameterNames(document["paths"]?["/posts"]?["get"])
        for name in ["_page", "_per_page", "_sort", "_start", "_end", "_limit", "_embed", "_where", "q"] {
            #expect(names.contains(name), "\(name)")
        }
        for name in ["userId:gte", "userId:lt", "userId:in", "title:contains", "title:startsWith", "title:ne"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(!names.contains("_order") && !names.contains("title_like"))
        let answer = document["paths"]?["/posts"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?[
            "schema"]
        #expect(answer?["anyOf"]?.arrayValue?.count == 2)
        #expect(schema(document, "PostPage")?["properties"]?["data"]?["items"] == ["$ref": "#/components/schemas/Post"])
        let delete = document["paths"]?["/users/{id}"]?["delete"]
        #expect(parameterNames(delete) == ["_dependent"])
    }

    @Test func objectResourcesAndReadOnlyServers() throws {
        let database = try database(#"{"todos": [{"id": 1, "title": "a"}], "profile": {"name": "x"}}"#)
        #expect(methods(document(database), "/profile") == ["get", "put", "post", "patch"])
        #expect(methods(document(database, dialect: .v1), "/profile") == ["get", "put", "patch"])
        #expect(schema(document(database), "Profile")?["properties"]?["name"]?["type"] == "string")
        let readOnly = document(database, readOnly: true)
        #expect(methods(readOnly, "/todos") == ["get"])
        #expect(methods(readOnly, "/todos/{id}") == ["get"])
        #expect(methods(readOnly, "/profile") == ["get"])
        #expect(schema(readOnly, "TodoInput") == nil)
    }

    @Test func oddNamesGetRoutablePathsAndUniqueNames() throws {
        let database = try database(
            #"{"user-notes": [{"id": "a"}], "user_notes": [], "openapi.json": [], "a/b": [], "db": [{"id": 1}]}"#)
        let document = document(database)
        let paths = document["paths"]?.objectValue?.keys ?? []
        #expect(paths.contains("/user-notes/{id}") && paths.contains("/user_notes"))
        #expect(!paths.contains("/a%2Fb") && !paths.contains("/a/b"))
        #expect(methods(document, "/db") == ["get", "post"])  // the collection, not the dump
        #expect(schema(document, "UserNote") != nil && schema(document, "UserNote2") != nil)
        let ids = (document["paths"]?.objectValue ?? [:]).flatMap { path in
            (path.value.objectValue ?? [:]).compactMap { $0.value["operationId"]?.stringValue }
        }
        #expect(Set(ids).count == ids.count)
        let idParameter = document["paths"]?["/user-notes/{id}"]?["parameters"]?.arrayValue?.first
        #expect(idParameter?["schema"] == ["type": "string", "minLength": 1])
    }

    @Test func theRouterServesTheDocumentWithAnETagAndRegeneratesItAfterAWrite() throws {
        var router = JSONServerRouter(database: try database(#"{"notes": [{"id": 1, "text": "a"}]}"#))
        let first = router.handle(EngineRequest(method: "GET", target: "/openapi.json"))
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == EngineResponse.jsonContentType)
        let etag = try #require(first.header("ETag"))
        #expect(first.json?["paths"]?["/notes/{id}"] != nil)
        let again = router.handle(
            EngineRequest(method: "GET", target: "/openapi.json", headers: ["If-None-Match": etag]))
        #expect(again.status == 304)

        let created = router.handle(
            EngineRequest(method: "POST", target: "/notes", body: Data(#"{"text": "b", "pinned": true}"#.utf8)))
        #expect(created.status == 201)
        let after = router.handle(
            EngineRequest(method: "GET", target: "/openapi.json", headers: ["If-None-Match": etag]))
        #expect(after.status == 200)
        #expect(after.header("ETag") != etag)
        #expect(after.json?["components"]?["schemas"]?["Note"]?["properties"]?["pinned"]?["type"] == "boolean")
        #expect(after.json?["components"]?["schemas"]?["Note"]?["required"] == ["id", "text"])

        let refused = router.handle(EngineRequest(method: "DELETE", target: "/openapi.json"))
        #expect(refused.status == 405)
        #expect(refused.header("Allow") == "GET, HEAD, OPTIONS")
    }

    @Test func everySampleRecordHasTheRequiredMembersOfItsSchema() throws {
        let document = document()
        var router = JSONServerRouter(database: Self.sampleData)
        for name in Self.sampleData.resourceNames {
            let component = try #require(
                document["components"]?["schemas"]?.objectValue?.first {
                    $0.value["x-trestle-resource"] == .string(name)
                })
            let required = component.value["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let record = router.handle(EngineRequest(method: "GET", target: "/\(name)/1")).json?.objectValue
            let keys = Set(record?.keys ?? [])
            #expect(!required.isEmpty && Set(required).isSubset(of: keys), "\(name)")
        }
    }
}

/// The OpenAPI document's schemas worked out before the lock is taken
/// (``LockedJSONServer/prepare(for:)``): the same document, and a write
/// after it is described in the next one.
@Suite struct PreparedOpenAPIDocumentTests {
    private func request(_ path: String, method: String = "GET", body: String? = nil) -> EngineRequest {
        EngineRequest(
            method: method, path: path, query: [], headers: [:], body: body.map { Data($0.utf8) },
            baseURL: "http://127.0.0.1:3000")
    }

    @Test func aPreparedDocumentIsTheDocumentOfTheData() async throws {
        let database = OpenAPIGeneratorTests.sampleData
        let plain = LockedJSONServer(database: database).handle(request("/openapi.json"))
        let server = LockedJSONServer(database: database)
        await server.prepareDocument()
        let prepared = server.handle(request("/openapi.json"))
        #expect(prepared.status == 200)
        #expect(prepared.body == plain.body)
    }

    @Test func aWriteAfterThePreparedDocumentIsInTheNextDocument() async throws {
        let server = LockedJSONServer(database: try JSONDatabase(data: Data(#"{"todos": [{"id": 1}]}"#.utf8)))
        await server.prepare(for: request("/openapi.json"))
        let before = try JSONParser.parse(server.handle(request("/openapi.json")).body)
        #expect(before["components"]?["schemas"]?["Todo"]?["properties"]?["flavour"] == nil)
        let created = server.handle(request("/todos", method: "POST", body: #"{"id": 2, "flavour": "mint"}"#))
        #expect(created.status == 201)
        await server.prepare(for: request("/openapi.json"))
        let after = try JSONParser.parse(server.handle(request("/openapi.json")).body)
        #expect(after["components"]?["schemas"]?["Todo"]?["properties"]?["flavour"] != nil)
    }
}
