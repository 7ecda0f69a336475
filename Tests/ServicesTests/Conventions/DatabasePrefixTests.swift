import Foundation
import Services
import Synchronization
import Testing

/// json-server's `/db` is asked for its first ``DatabasePrefix/bytes``
/// only, and a prefix is read by its shape: an object whose first member
/// is an array, cut before its end.
@Suite("json-server's /db read from a prefix")
struct DatabasePrefixTests {
    /// `{"todos": [ … ], "profile": {…}, "users": [ … ]}` with `count` todos.
    static func database(todos count: Int) -> Data {
        let todos = (1...count).map { #"{"id": \#($0), "title": "todo \#($0) with \"quotes\" and [brackets]"}"# }
        let text =
            #"{"todos": ["# + todos.joined(separator: ",") + #"], "profile": {"name": "x"}, "users": [{"id": 1}]}"#
        return Data(text.utf8)
    }

    @Test func aCutDatabaseNamesTheMembersItsPrefixReaches() throws {
        let whole = Self.database(todos: 3)
        let cut = whole.prefix(whole.count - 8)
        let members = try #require(DatabasePrefix.members(of: cut))
        #expect(
            members == [
                .init(name: "todos", isArray: true), .init(name: "profile", isArray: false),
                .init(name: "users", isArray: true),
            ])
        let early = try #require(DatabasePrefix.members(of: whole.prefix(30)))
        #expect(early == [.init(name: "todos", isArray: true)])
        // An object may come first; an array must come within the prefix.
        let objectFirst = try #require(DatabasePrefix.members(of: Data(#"{"profile": {"a": 1}, "todos": [1"#.utf8)))
        #expect(objectFirst == [.init(name: "profile", isArray: false), .init(name: "todos", isArray: true)])
    }

    @Test func whatIsNoCutDatabaseIsNotOne() {
        // Whole texts are parsed, not scanned.
        #expect(DatabasePrefix.members(of: Self.database(todos: 3)) == nil)
        #expect(DatabasePrefix.members(of: Data(#"[{"id": 1}, {"id": 2"#.utf8)) == nil)
        #expect(DatabasePrefix.members(of: Data(#"{"name": "x", "todos": [1, 2"#.utf8)) == nil)
        #expect(DatabasePrefix.members(of: Data(#"{"profile": {"a": 1}, "tags": {"b""#.utf8)) == nil)
        #expect(DatabasePrefix.members(of: Data(#"{"#.utf8)) == nil)
        #expect(DatabasePrefix.members(of: Data("<html><body>".utf8)) == nil)
    }

    /// The convention asks `/db` for a prefix, and a database larger than
    /// it is json-server with the collections the prefix names.
    @Test func discoveryAsksForAPrefixAndReadsIt() async throws {
        let asked = Asked()
        let big = Self.database(todos: 40_000)
        #expect(big.count > DatabasePrefix.bytes)
        let root = ConventionAnswer(url: URL(string: "http://127.0.0.1:9/")!, status: 404, data: Data())
        let found = try #require(
            await JSONServerConvention().discover(root: root) { url in
                let prefix = ConventionProbe.bodyPrefix
                asked.values.withLock { $0.append(prefix) }
                return ConventionAnswer(url: url, data: prefix.map { big.prefix($0) } ?? big)
            })
        #expect(asked.values.withLock { $0 } == [DatabasePrefix.bytes])
        #expect(found.resources.map(\.name) == ["todos"])
        #expect(found.source == .jsonServerDatabase)
    }

    /// A small database is read whole, as before: every collection, with its count.
    @Test func aSmallDatabaseIsReadWhole() async throws {
        let small = Self.database(todos: 3)
        let root = ConventionAnswer(url: URL(string: "http://127.0.0.1:9/")!, status: 404, data: Data())
        let found = try #require(
            await JSONServerConvention().discover(root: root) { url in
                ConventionAnswer(url: url, data: ConventionProbe.bodyPrefix.map { small.prefix($0) } ?? small)
            })
        #expect(found.resources.map(\.name) == ["todos", "profile", "users"])
        #expect(found.counts == ["todos": 3, "users": 1])
    }
}

/// The prefixes a fetch was asked for.
private final class Asked: Sendable {
    let values = Mutex<[Int?]>([])
}
