import Foundation
import Networking
import OpenAPIServices
import Services
import Testing

/// A Swagger 2.0 document is read into the same descriptors and
/// operations as the OpenAPI 3.0 document that says the same.
@Suite("Swagger 2.0 documents")
struct SwaggerConversionTests {
    static let pets = #"""
        {"swagger": "2.0", "info": {"title": "Pets", "version": "1"},
         "host": "api.example.test", "basePath": "/v1", "schemes": ["https"],
         "consumes": ["application/json"], "produces": ["application/json"],
         "securityDefinitions": {"key": {"type": "apiKey", "name": "X-Key", "in": "header"}},
         "paths": {
          "/pets": {
            "get": {"operationId": "listPets",
              "parameters": [{"name": "page", "in": "query", "type": "integer"},
                             {"name": "per_page", "in": "query", "type": "integer", "maximum": 50},
                             {"name": "kind", "in": "query", "type": "string", "enum": ["cat", "dog"]}],
              "responses": {"200": {"description": "ok",
                "schema": {"type": "array", "items": {"$ref": "#/definitions/Pet"}}}}},
            "post": {"operationId": "addPet",
              "parameters": [{"name": "pet", "in": "body", "required": true, "schema": {"$ref": "#/definitions/NewPet"}}],
              "responses": {"201": {"description": "made", "schema": {"$ref": "#/definitions/Pet"}}}}},
          "/pets/{petId}": {
            "parameters": [{"name": "petId", "in": "path", "required": true, "type": "integer"}],
            "get": {"responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Pet"}}}},
            "delete": {"responses": {"204": {"description": "gone"}}}},
          "/pets/{petId}/photo": {
            "post": {"summary": "Upload a photo", "consumes": ["multipart/form-data"],
              "parameters": [{"name": "petId", "in": "path", "required": true, "type": "integer"},
                             {"name": "caption", "in": "formData", "type": "string", "required": true},
                             {"name": "file", "in": "formData", "type": "file"}],
              "responses": {"200": {"description": "ok"}}}}},
         "definitions": {
          "Pet": {"type": "object", "required": ["id", "name"],
            "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
                           "kind": {"type": "string", "enum": ["cat", "dog"]}, "ownerId": {"type": "integer"}}},
          "NewPet": {"type": "object", "required": ["name"],
            "properties": {"name": {"type": "string", "description": "What it answers to"},
                           "kind": {"type": "string", "enum": ["cat", "dog"], "default": "cat"}}}}}
        """#

    static func read(_ text: String, _ location: String = "https://api.example.test/swagger.json") throws
        -> OpenAPIDescription
    {
        try OpenAPIDescription.read(Data(text.utf8), location: location)
    }

    @Test func itsCollectionsAreDescribedAsA3Documents() throws {
        let description = try Self.read(Self.pets)
        #expect(description.catalog.names == ["pets"])
        let pets = try #require(description.catalog["pets"])
        #expect(pets.idField == "id")
        #expect(pets.labelField == "name")
        #expect(pets.route?.path == "/pets")
        #expect(pets.pageSize == 50)
        #expect(pets.route?.choices["kind"] == ["cat", "dog"])
        #expect(pets.formFields.map(\.field) == ["name", "kind"])
        #expect(description.credential == .header("X-Key"))
    }

    @Test func aBodyParameterAndFormDataBecomeRequestBodies() throws {
        let operations = try Self.read(Self.pets).operations
        #expect(
            operations.operations.map(\.title) == ["POST /pets", "DELETE /pets/{petId}", "POST /pets/{petId}/photo"])
        let add = try #require(operations.operations.first)
        #expect(add.bodyType == "application/json")
        #expect(add.requiresBody)
        #expect(add.fields.map(\.name) == ["name", "kind"])
        #expect(add.fields[0].isRequired && add.fields[0].hint == "What it answers to")
        #expect(add.fields[1].choices == ["cat", "dog"] && add.fields[1].defaultValue == "cat")
        let photo = try #require(operations.operations.last)
        #expect(photo.bodyType == "multipart/form-data")
        #expect(photo.fields.map { "\($0.location):\($0.name)" } == ["path:petId", "body:caption", "body:file"])
        #expect(photo.fields[0].kind == .integer)
        #expect(photo.fields[1].isRequired)
    }

    @Test func aYAMLDocumentIsConvertedToo() throws {
        let yaml = """
            swagger: "2.0"
            info: {title: Shelf, version: "1.0"}
            basePath: /api
            paths:
              /books:
                get:
                  responses:
                    "200":
                      description: ok
                      schema: {type: array, items: {$ref: "#/definitions/Book"}}
            definitions:
              Book:
                type: object
                properties: {id: {type: integer}, title: {type: string}, year: {type: integer}}
            """
        let description = try Self.read(yaml, "/tmp/shelf.yaml")
        #expect(description.catalog.names == ["books"])
        #expect(description.catalog["books"]?.columns.map(\.field) == ["id", "title", "year"])
    }

    @Test func otherSwaggerVersionsAreStillOneLine() {
        #expect(throws: OpenAPIProblem.self) { try Self.read(#"{"swagger": "1.2", "apis": []}"#) }
    }
}
