import Foundation
import Services
import Testing

/// URLs resolved, never glued: record paths, links, templates.
@Suite("Convention paths and URI templates")
struct ConventionPathTests {
    @Test func aRecordKeepsItsCollectionsTrailingSlash() {
        #expect(ConventionPath.record("3", in: "/api/publishers/") == "/api/publishers/3/")
        #expect(ConventionPath.record("3", in: "/books") == "/books/3")
        #expect(ConventionPath.record("a/b c", in: "/notes") == "/notes/a%2Fb%20c")
        #expect(ConventionPath.record("http://h/api/books/1/author", in: "/books") == "http://h/api/books/1/author")
    }

    @Test func aPathUnderABaseHasNoDoubleSlash() throws {
        let base = try #require(URL(string: "http://h:8/api/"))
        #expect(ConventionPath.url("/books/", under: base)?.absoluteString == "http://h:8/api/books/")
        #expect(ConventionPath.url("books/3", under: base)?.absoluteString == "http://h:8/api/books/3")
        #expect(ConventionPath.url("http://x/y", under: base)?.absoluteString == "http://x/y")
        #expect(!ConventionPath.hasEmptySegment("http://h/api/books/3/"))
        #expect(ConventionPath.hasEmptySegment("/api/publishers//3"))
    }

    @Test func linksResolveAgainstTheURLTheyCameFrom() throws {
        let page = try #require(URL(string: "http://h/api/books/?page=2"))
        #expect(ConventionPath.resolve("?page=3", against: page)?.absoluteString == "http://h/api/books/?page=3")
        #expect(ConventionPath.resolve("../authors/1", against: page)?.absoluteString == "http://h/api/authors/1")
        #expect(ConventionPath.resolve("/api/x", against: page)?.absoluteString == "http://h/api/x")
        let root = try #require(URL(string: "http://h/api"))
        let books = try #require(URL(string: "http://h/api/books/?page=1"))
        #expect(ConventionPath.path(of: books, under: root) == "/books/")
        #expect(ConventionPath.path(of: try #require(URL(string: "http://h/api/books")), under: root) == "/books")
        #expect(ConventionPath.path(of: try #require(URL(string: "http://other/api/books")), under: root) == nil)
        #expect(ConventionPath.path(of: try #require(URL(string: "http://h/apix/books")), under: root) == nil)
    }

    @Test func templatesExpandLevelsOneToThree() {
        let spring = URITemplate("http://h/api/books{?page,size,sort}")
        #expect(spring.variables == ["page", "size", "sort"])
        #expect(spring.expand() == "http://h/api/books")
        #expect(spring.expand(["page": "2", "sort": "title,desc"]) == "http://h/api/books?page=2&sort=title%2Cdesc")
        #expect(URITemplate("{+base}/x{/id}").expand(["base": "http://h/a", "id": "b c"]) == "http://h/a/x/b%20c")
        #expect(URITemplate("/m{;x,y}").expand(["x": "1", "y": ""]) == "/m;x=1;y")
        #expect(URITemplate("/f{.fmt}{#frag}").expand(["fmt": "json", "frag": "a/b"]) == "/f.json#a/b")
        #expect(URITemplate("/s?q=1{&page}").expand(["page": "3"]) == "/s?q=1&page=3")
        #expect(URITemplate("{var:3}").expand(["var": "value"]) == "val")
    }
}
