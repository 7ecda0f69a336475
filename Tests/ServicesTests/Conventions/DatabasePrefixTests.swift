import Foundation
import Networking
import Services
import Synchronization
import Testing

/// json-server's `/db` is asked through ``DatabasePrefix/scan``, and what
/// is no whole text is read by its shape: an object of arrays and
/// objects, an array among them, cut before its end.
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

    /// The convention asks `/db` through the scan, and a database larger
    /// than a MiB is json-server with every collection, also those after
    /// the first MiB (no counts).
    @Test func discoveryAsksForTheScanAndReadsIt() async throws {
        let asked = Asked()
        let big = Self.database(todos: 40_000)
        #expect(big.count > 2 * DatabasePrefix.bytes)
        let root = ConventionAnswer(url: URL(string: "http://127.0.0.1:9/")!, status: 404, data: Data())
        let found = try #require(
            await JSONServerConvention().discover(root: root) { url in
                let scan = ConventionProbe.bodyScan
                asked.values.withLock { $0.append(scan) }
                return ConventionAnswer(url: url, data: scan.map { $0.scanned(big) } ?? big)
            })
        #expect(asked.values.withLock { $0 } == [DatabasePrefix.scan])
        #expect(found.resources.map(\.name) == ["todos", "profile", "users"])
        #expect(found.resources.map(\.isObject) == [false, true, false])
        #expect(found.counts.isEmpty)
        #expect(found.source == .jsonServerDatabase)
    }

    /// A small database is read whole, as before: every collection, with its count.
    @Test func aSmallDatabaseIsReadWhole() async throws {
        let small = Self.database(todos: 3)
        let root = ConventionAnswer(url: URL(string: "http://127.0.0.1:9/")!, status: 404, data: Data())
        let found = try #require(
            await JSONServerConvention().discover(root: root) { url in
                ConventionAnswer(url: url, data: ConventionProbe.bodyScan.map { $0.scanned(small) } ?? small)
            })
        #expect(found.resources.map(\.name) == ["todos", "profile", "users"])
        #expect(found.counts == ["todos": 3, "users": 1])
    }
}

/// The scans a fetch was asked for.
private final class Asked: Sendable {
    let values = Mutex<[BodyScan?]>([])
}

/// json-server's `/db` scanned as it arrives (``DatabasePrefix/scan``):
/// every top-level member named whatever the size, in bounded memory, and
/// what is no database refused at the byte that says so.
@Suite("json-server's /db scanned")
struct DatabaseScannerTests {
    /// `{"todos": [count records], "profile": {…}, "users": [ … ]}`, the
    /// records holding quotes, escapes and brackets in strings.
    static func database(todos count: Int) -> Data {
        let todos = (1...count).map {
            #"{"id": \#($0), "title": "todo \#($0) with \"quotes\", [brackets] {and} \\ ", "tags": [[1], {"a": "]"}]}"#
        }
        let text =
            #"{"todos": ["# + todos.joined(separator: ",")
            + #"], "profile": {"name": "}x{", "nested": {"deep": [1, {"b": 2}]}}, "users": [{"id": 1}]}"#
        return Data(text.utf8)
    }

    static let everyMember: [DatabasePrefix.Member] = [
        .init(name: "todos", isArray: true), .init(name: "profile", isArray: false),
        .init(name: "users", isArray: true),
    ]

    /// A database of several MiB is held emptied: a few dozen bytes that
    /// name every member, however the answer is cut into chunks.
    @Test(arguments: [1, 7, 4096, 65_536])
    func aLargeDatabaseIsHeldEmptied(chunk: Int) throws {
        let big = Self.database(todos: chunk == 1 ? 13_000 : 40_000)
        #expect(big.count > DatabasePrefix.bytes)
        let body = DatabasePrefix.scan.scanned(big, chunk: chunk)
        #expect(String(decoding: body, as: UTF8.self) == #"{"todos":[],"profile":{},"users":[]"#)
        #expect(DatabasePrefix.members(of: body) == Self.everyMember)
    }

    /// A database within a MiB is the body as it came: parsed whole, counts and all.
    @Test func aSmallDatabaseIsKeptWhole() {
        let small = Self.database(todos: 3)
        #expect(DatabasePrefix.scan.scanned(small, chunk: 5) == small)
    }

    /// Past the bytes a scan may read, the members whose key starts
    /// within them are named (the last one cut).
    @Test func theBoundNamesWhatStartsBeforeIt() throws {
        let big = Self.database(todos: 40_000)
        let profile = try #require(big.range(of: Data(#""profile""#.utf8))).lowerBound
        let body = DatabasePrefix.scanReading(atMost: profile - 10).scanned(big)
        #expect(String(decoding: body, as: UTF8.self) == #"{"todos":["#)
        #expect(DatabasePrefix.members(of: body) == [.init(name: "todos", isArray: true)])
        let through = DatabasePrefix.scanReading(atMost: profile + 20).scanned(big)
        #expect(DatabasePrefix.members(of: through) == Array(Self.everyMember.prefix(2)))
    }

    /// What is no database is refused, also when it says so after the first MiB.
    @Test func whatIsNoDatabaseIsRefused() {
        let html = Data(("<html><body>" + String(repeating: "x", count: 3 * DatabasePrefix.bytes)).utf8)
        let page = DatabasePrefix.scan.scanned(html)
        #expect(page.count <= 64 * 1024)
        #expect(DatabasePrefix.members(of: page) == nil)
        var late = Self.database(todos: 40_000)
        late.removeLast()
        late.append(contentsOf: Data(#", "name": "a string"}"#.utf8))
        let body = DatabasePrefix.scan.scanned(late)
        #expect(String(decoding: body, as: UTF8.self) == #"{"todos":[],"profile":{},"users":[],"name":""#)
        #expect(DatabasePrefix.members(of: body) == nil)
        for text in [#"[{"id": 1}]"#, #"{}"#, #"{"a" 1}"#, #"{5: []}"#] {
            #expect(DatabasePrefix.members(of: DatabasePrefix.scan.scanned(Data(text.utf8))) == nil, "\(text)")
        }
    }

    /// The scan stops reading at the database's end: what follows is not read.
    @Test func theScanEndsWithTheDatabase() {
        var scanner = DatabasePrefix.scan.scanner()
        let more = Data(#"{"todos": [1, 2]}"#.utf8).withUnsafeBytes { scanner.read($0) }
        #expect(!more)
    }
}
