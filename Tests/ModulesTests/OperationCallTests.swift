import JSON
import Services
import Testing

@testable import Modules

/// `trestle call`'s reading of `key=value` words: the form's fields by
/// name (`location:name` for a name two share), the form's validation,
/// and the write guard with `--yes`.
@Suite("Operation call")
struct OperationCallTests {
    static let createPost = ServiceOperation(
        method: "POST", path: "/users/{userId}/posts", operationID: "createUserPost",
        fields: [
            OperationField(name: "userId", location: .path, isRequired: true),
            OperationField(name: "userId", location: .body, kind: .integer),
            OperationField(name: "title", location: .body, isRequired: true),
            OperationField(name: "draft", location: .body, kind: .boolean, isRequired: true),
        ], bodyType: "application/json")

    static func invalid(_ values: [(name: String, value: String)]) -> String? {
        do throws(OperationCall.Invalid) {
            _ = try OperationCall.request(createPost, values: values)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func valuesFillTheFormByName() throws {
        #expect(OperationCall.fieldNames(of: Self.createPost) == ["path:userId", "body:userId", "title", "draft"])
        let request = try OperationCall.request(
            Self.createPost,
            values: [("path:userId", "3"), ("body:userId", "4"), ("title", "Hello"), ("draft", "true")])
        #expect(request.path == "/users/3/posts")
        #expect(request.body == .object(["userId": .int(4), "title": .string("Hello"), "draft": .bool(true)]))
        #expect(OperationCall.find("createUserPost", in: OperationCatalog([Self.createPost])) == Self.createPost)
        #expect(OperationCall.find("post /users/{userId}/posts", in: OperationCatalog([Self.createPost])) != nil)
    }

    @Test func theFormsChecksNameTheField() {
        #expect(Self.invalid([("path:userId", "3"), ("draft", "true")])?.contains("title") == true)
        #expect(
            Self.invalid([("path:userId", "3"), ("title", "t"), ("draft", "true"), ("body:userId", "x")])?
                .contains("userId") == true)
        #expect(Self.invalid([("path:userId", "3"), ("title", "t"), ("draft", "maybe")])?.contains("draft") == true)
        #expect(Self.invalid([("colour", "red")])?.contains("colour") == true)
    }

    @Test func writesAreGuarded() {
        let write = Self.createPost
        #expect(OperationCall.refusal(write, access: .open, confirmed: false) == nil)
        #expect(OperationCall.refusal(write, access: .readOnly(source: "--read-only"), confirmed: true) != nil)
        #expect(OperationCall.refusal(write, access: .confirmFirst, confirmed: false)?.contains("--yes") == true)
        #expect(OperationCall.refusal(write, access: .confirmFirst, confirmed: true) == nil)
        let read = ServiceOperation(method: "GET", path: "/stats")
        #expect(OperationCall.refusal(read, access: .readOnly(source: "--read-only"), confirmed: false) == nil)
    }
}
