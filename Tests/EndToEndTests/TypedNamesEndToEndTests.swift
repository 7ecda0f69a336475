import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Names as users type them, against a real django-tastypie service
    /// (``FrameworkServer/Framework/tastypie``), whose collections are
    /// singular (`book`, `author`): `:books` opens the list of `book` —
    /// the only collection whose singular is `book` (`TypedName`) — and
    /// asks `/api/v1/book/`, never `/api/v1/books`.
    @Suite
    struct TypedNamesEndToEndTests {
        @Test func aPluralOpensTastypiesSingularCollection() async throws {
            let server = try await FrameworkServer.start(.tastypie)
            defer { server.stop() }
            let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString])
            defer { app.stop() }
            try await app.session.eventually("the start screen, book counted") { screen in
                ResourceScreen.startCount(of: "book", in: screen) == FrameworkServer.bookCount
            }
            try await app.command("books")
            let list = try await app.session.eventually("the list of book") { screen in
                screen.contains("Chronicle 1 ") && screen.contains("Title") && screen.contains("Year")
            }
            #expect(ResourceScreen.row(ofID: 2, in: list)?.contains("1942") == true, "\(list)")
            try await app.command("AUTHORS")
            try await app.session.eventually("the list of author") { screen in
                screen.contains(FrameworkServer.authorNames[0])
            }
            let paths = server.requestPaths()
            #expect(paths.contains { $0.hasPrefix("/api/v1/book/?") }, "\(paths)")
            #expect(paths.contains { $0.hasPrefix("/api/v1/author/?") }, "\(paths)")
            #expect(!paths.contains { $0.contains("/books") || $0.contains("/authors") }, "\(paths)")
        }
    }
}
