import Foundation
import JSON
import Services
import Testing

/// A service with no `/db` and no document may name its collections at its
/// root: a list of their names (simple-json-server), or the whole database
/// (json-server-py). Read as json-server's collections, whose writes are
/// learnt from the service; any other root names nothing.
@Suite("Collections named at the root")
struct RootNamesTests {
    static func names(_ body: String, status: Int = 200) -> [String]? {
        let root = ConventionAnswer(url: URL(string: "http://x/")!, status: status, data: Data(body.utf8))
        return JSONServerConvention().discover(namedByRoot: root)?.resources.map(\.name)
    }

    @Test func aListOfNamesIsTheCollectionsThatArePathSegments() {
        #expect(Self.names(#"["todos", "users", "todos", "a/b", "", "../x", "posts"]"#) == ["todos", "users", "posts"])
        let root = ConventionAnswer(url: URL(string: "http://x/")!, data: Data(#"["todos"]"#.utf8))
        let found = JSONServerConvention().discover(namedByRoot: root)
        #expect(found?.source == .rootNames)
        #expect(found?.resources.first?.learnsWrites == true)
    }

    @Test func theWholeDatabaseIsItsArraysAndObjects() {
        let root = ConventionAnswer(
            url: URL(string: "http://x/")!, data: Data(#"{"todos": [{"id": 1}], "profile": {"name": "x"}}"#.utf8))
        let found = JSONServerConvention().discover(namedByRoot: root)
        #expect(found?.resources.map(\.name) == ["todos", "profile"])
        #expect(found?.resources.map(\.learnsWrites) == [true, false])
        #expect(found?.resources.map(\.isObject) == [false, true])
    }

    @Test func anyOtherRootNamesNothing() {
        #expect(Self.names(#"["todos"]"#, status: 404) == nil)
        #expect(Self.names(#"[]"#) == nil)
        #expect(Self.names(#"["todos", 3]"#) == nil, "not a list of names")
        #expect(Self.names(#"[{"id": 1}]"#) == nil, "a list of records")
        #expect(Self.names(#"{"hello": "world"}"#) == nil)
        #expect(Self.names(#""todos""#) == nil)
        #expect(Self.names("<html></html>") == nil)
        let many = "[" + (0...JSONServerConvention.mostNamesAtRoot).map { "\"c\($0)\"" }.joined(separator: ",") + "]"
        #expect(Self.names(many) == nil, "past the bound")
    }
}
