import Foundation
import JSON
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The library's books as the real services' end-to-end tests use them.
enum LibraryBooks {
    /// Trestle on `server`'s books (a launch target), their list shown.
    static func open(_ server: FrameworkServer) async throws -> RunningApp {
        let app = try RunningApp(["--env", "production", "--base-url", server.apiRoot.absoluteString, "books"])
        do {
            try await app.eventuallyBooks()
        } catch {
            app.stop()
            throw error
        }
        return app
    }

    /// Book `id` as the server's list gives it (some of these services
    /// read no book alone).
    static func book(_ id: Int, of server: FrameworkServer) async throws -> JSONValue? {
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/books"))
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONParser.parse(data).arrayValue?.first { $0["id"] == .int(id) }
    }
}

extension RunningApp {
    /// Waits for the books list: its first book and its count.
    func eventuallyBooks() async throws {
        try await session.eventually("the books") { screen in
            screen.contains("Chronicle 1 ") && screen.contains("books \(FrameworkServer.bookCount)")
        }
    }

    /// On the books list: the cursor to book 3 (out of print: every third
    /// is), Space, and the screen once it says the book is in print, its row still whole.
    @discardableResult
    func toggleBook3() async throws -> String {
        try session.press("j")
        try session.press("j")
        try await eventuallyCursor(on: 3)
        try session.press("Space")
        return try await session.eventually("book 3 marked in print") { screen in
            ResourceScreen.status(screen).contains("Book 3 marked in_print")
                && ResourceScreen.row(ofID: 3, in: screen)?.contains("Chronicle 3") == true
        }
    }
}
