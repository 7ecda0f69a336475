import Foundation
import JSON
import Synchronization
import Testing

@testable import Services

/// HAL, JSON:API, Django REST and tastypie roots share one discovery
/// (`LinkedRoot`): every root's links have their URI templates expanded,
/// and every root's first pages (and schemas) are asked a few at a time.
@Suite struct LinkedRootTests {
    static let root = URL(string: "http://127.0.0.1:9/api/")!

    /// A root naming `count` collections as `link(name)` spells a link, in
    /// the convention's own root shape.
    static func answer(_ body: String, mediaType: String = "application/json") -> ConventionAnswer {
        ConventionAnswer(url: root, mediaType: mediaType, data: Data(body.utf8))
    }

    /// Answers every first page with an empty list after a moment,
    /// counting how many were in flight at most, and what was asked.
    final class Counting: Sendable {
        let counts = Mutex((now: 0, most: 0, asked: [String]()))

        var most: Int { counts.withLock { $0.most } }
        var asked: [String] { counts.withLock { $0.asked } }

        func fetch(_ body: String) -> ConventionFetch {
            { [self] url in
                counts.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                    $0.asked.append(url.absoluteString)
                }
                try? await Task.sleep(for: .milliseconds(5))
                counts.withLock { $0.now -= 1 }
                return ConventionAnswer(url: url, mediaType: "application/json", data: Data(body.utf8))
            }
        }
    }

    static let names = (1...30).map { "c\($0)" }

    @Test func aDjangoRootOfManyCollectionsIsAskedAFewAtATime() async throws {
        let members = Self.names.map { "\"\($0)\": \"http://127.0.0.1:9/api/\($0)/\"" }.joined(separator: ", ")
        let counting = Counting()
        let found = try #require(
            await DjangoConvention(schemaWait: .milliseconds(50)).discover(
                root: Self.answer("{\(members)}"), fetch: counting.fetch(#"{"count": 0, "results": []}"#)))
        #expect(found.resources.map(\.name) == Self.names)
        #expect(counting.most <= fetchAllInFlight, "\(counting.most) in flight")
    }

    @Test func aJSONAPIRootsTemplatedLinksAreExpanded() async throws {
        let root =
            #"{"links": {"self": "/api/", "books": "/api/books{?page,sort}", "authors": {"href": "/api/authors{/id}"}}}"#
        let counting = Counting()
        let found = try #require(
            await JSONAPIConvention().discover(
                root: Self.answer(root, mediaType: "application/vnd.api+json"),
                fetch: counting.fetch(#"{"data": [], "meta": {"count": 0}}"#)))
        #expect(Set(found.resources.compactMap(\.route?.path)) == ["/books", "/authors"])
        #expect(Set(counting.asked) == ["http://127.0.0.1:9/api/books", "http://127.0.0.1:9/api/authors"])
    }

    @Test func aTastypieRootsTemplatedListEndpointsAreExpanded() async throws {
        let root = #"{"book": {"list_endpoint": "/api/book/{?limit}", "schema": "/api/book/schema/"}}"#
        let counting = Counting()
        let found = try #require(
            await TastypieConvention().discover(
                root: Self.answer(root), fetch: counting.fetch(#"{"meta": {"total_count": 0}, "objects": []}"#)))
        #expect(found.resources.map(\.route?.path) == ["/book/"])
        #expect(counting.asked.contains("http://127.0.0.1:9/api/book/"), "\(counting.asked)")
    }
}
