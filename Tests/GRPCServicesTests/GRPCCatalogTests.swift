import GRPCServices
import SwiftProtobuf
import Testing

/// What the screens make of reflected files: collections from unary
/// `List*` methods (AIP-158 paging), records from `Get*`, relations by
/// resource name, and the other unary methods as operations.
@Suite struct GRPCCatalogTests {
    static func field(
        _ name: String, _ number: Int32, _ type: Google_Protobuf_FieldDescriptorProto.TypeEnum,
        repeated: Bool = false, typeName: String = ""
    ) -> Google_Protobuf_FieldDescriptorProto {
        var field = Google_Protobuf_FieldDescriptorProto()
        field.name = name
        field.number = number
        field.type = type
        field.label = repeated ? .repeated : .optional
        if !typeName.isEmpty { field.typeName = typeName }
        return field
    }

    static func message(_ name: String, _ fields: [Google_Protobuf_FieldDescriptorProto])
        -> Google_Protobuf_DescriptorProto
    {
        var message = Google_Protobuf_DescriptorProto()
        message.name = name
        message.field = fields
        return message
    }

    static func method(_ name: String, _ input: String, _ output: String, streaming: Bool = false)
        -> Google_Protobuf_MethodDescriptorProto
    {
        var method = Google_Protobuf_MethodDescriptorProto()
        method.name = name
        method.inputType = ".lib.\(input)"
        method.outputType = ".lib.\(output)"
        method.serverStreaming = streaming
        return method
    }

    static let file: Google_Protobuf_FileDescriptorProto = {
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "lib.proto"
        file.package = "lib"
        file.messageType = [
            message(
                "Book",
                [
                    field("name", 1, .string), field("title", 2, .string), field("author", 3, .string),
                    field("tags", 4, .string, repeated: true), field("year", 5, .int32),
                ]),
            message("Author", [field("name", 1, .string), field("display_name", 2, .string)]),
            message("ListBooksRequest", [field("page_size", 1, .int32), field("page_token", 2, .string)]),
            message(
                "ListBooksResponse",
                [
                    field("books", 1, .message, repeated: true, typeName: ".lib.Book"),
                    field("next_page_token", 2, .string),
                ]),
            message("ListAuthorsRequest", []),
            message("ListAuthorsResponse", [field("authors", 1, .message, repeated: true, typeName: ".lib.Author")]),
            message("GetBookRequest", [field("name", 1, .string)]),
            message("GetAuthorRequest", [field("name", 1, .string)]),
            message("MoveBookRequest", [field("name", 1, .string), field("to", 2, .message, typeName: ".lib.Author")]),
        ]
        var service = Google_Protobuf_ServiceDescriptorProto()
        service.name = "Library"
        service.method = [
            method("ListBooks", "ListBooksRequest", "ListBooksResponse"),
            method("GetBook", "GetBookRequest", "Book"),
            method("ListAuthors", "ListAuthorsRequest", "ListAuthorsResponse"),
            method("GetAuthor", "GetAuthorRequest", "Author"),
            method("MoveBook", "MoveBookRequest", "Book"),
            method("WatchBooks", "ListBooksRequest", "Book", streaming: true),
        ]
        file.service = [service]
        return file
    }()

    let catalog = GRPCCatalog(services: ["lib.Library"], files: [Self.file])

    @Test func listMethodsAreCollectionsPagedByToken() throws {
        #expect(catalog.collections.map(\.name) == ["books", "authors"])
        let books = try #require(catalog.collection("books"))
        #expect(books.pagesByToken)
        #expect(books.get?.name == "GetBook" && books.getKey == "name" && books.idField == "name")
        #expect(catalog.collection("authors")?.pagesByToken == false, "no page_size/page_token: one page")
        let descriptor = try #require(catalog.descriptors.first)
        #expect(descriptor.columns.map(\.field) == ["name", "title", "author", "year"], "no repeated field")
        #expect(descriptor.labelField == "title")
        #expect(descriptor.pageSize == GRPCCatalog.pageSize)
        #expect(descriptor.route?.path == "/lib.Library/ListBooks")
        #expect(descriptor.relations.map(\.target) == ["authors"], "author holds authors/N")
        #expect(catalog.descriptors.last?.labelField == "displayName")
    }

    @Test func otherUnaryMethodsAreOperationsWithFormsFromTheirRequests() {
        let operations = catalog.operations.operations
        #expect(operations.map(\.path) == ["/lib.Library/MoveBook"], "not List, Get or streaming")
        #expect(operations.first?.fields.map(\.name) == ["name", "to.name", "to.displayName"])
    }
}
