import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Trestle browsing `trestle serve` through the server's own
    /// `/openapi.json` with the built-in catalog off shows what it shows
    /// with the catalog: the same resources and counts, the same todos, the
    /// same record with the same relations, and the relations lead to the
    /// same records.
    @Suite
    struct ServeDocumentEndToEndTests {
        /// What one walk through the service saw.
        struct Seen: Equatable {
            var counts: [String: Int] = [:]
            var todosStatus = ""
            var firstTodos: [Int] = []
            var userHeader = ""
            var userChildren: [String: Int] = [:]
            var userPosts: [Int] = []
            var postsStatus = ""
            var postParent = ""
        }

        static let resources = ["todos", "posts", "comments", "albums", "photos", "users"]

        @Test(arguments: ["v0", "v1"])
        func browsingServeThroughItsDocumentShowsWhatTheCatalogShows(dialect: String) async throws {
            let server = try ServeProcess(copying: SampleData.file, arguments: ["--dialect", dialect])
            defer { server.stop() }
            let catalog = try await Self.walk(server.url, [])
            let document = try await Self.walk(server.url, ["--catalog", "none"])
            #expect(document == catalog)
            // And what both saw is the served data.
            for name in Self.resources {
                #expect(document.counts[name] == (try SampleData.records(name).count), "\(name)")
            }
            #expect(document.todosStatus == "todos 200")
            #expect(document.firstTodos.prefix(5) == [1, 2, 3, 4, 5])
            let carmen = try #require(try SampleData.record("users", id: 3)["name"] as? String)
            #expect(document.userHeader.contains(carmen))
            for child in ["posts", "albums", "todos"] {
                #expect(
                    document.userChildren[child] == (try SampleData.count(child, where: "userId", is: 3)), "\(child)")
            }
            #expect(document.postsStatus == "posts \(try SampleData.count("posts", where: "userId", is: 3))")
            #expect(document.postParent.contains(carmen))
        }

        /// Starts Trestle on `url` with `extra` and walks: the first list
        /// (todos), the start screen, users/3, its posts, a post, its user.
        static func walk(_ url: URL, _ extra: [String]) async throws -> Seen {
            let app = try RunningApp(["--env", "development", "--base-url", url.absoluteString] + extra)
            defer { app.stop() }
            var seen = Seen()
            let todos = try await app.session.eventually("the todos (\(extra))") { screen in
                ResourceScreen.header(screen).contains(" Trestle todos ")
                    && ResourceScreen.status(screen).contains("todos 200") && !ResourceScreen.ids(in: screen).isEmpty
            }
            seen.todosStatus = Self.count(in: todos, of: "todos")
            seen.firstTodos = Array(ResourceScreen.ids(in: todos).prefix(10))
            let titles = try SampleData.records("todos").prefix(10).compactMap { $0["title"] as? String }
            for (id, title) in zip(seen.firstTodos, titles) {
                let row = try #require(ResourceScreen.row(ofID: id, in: todos))
                #expect(row.contains(String(title.prefix(12))), "todo \(id) in \(extra): \(row)")
            }

            try app.session.press("Escape")
            let start = try await app.eventuallyStartScreen()
            for name in resources { seen.counts[name] = ResourceScreen.startCount(of: name, in: start) }

            try await app.command("users 3")
            let user = try await app.session.eventually("users/3 with its relations (\(extra))") { screen in
                ResourceScreen.header(screen).contains("users › 3")
                    && ["posts", "albums", "todos"].allSatisfy { Self.relations(in: screen)[$0]?.count != nil }
            }
            seen.userHeader = ResourceScreen.header(user)
            let relations = Self.relations(in: user)
            for (name, relation) in relations { seen.userChildren[name] = relation.count }

            // user → posts
            try app.session.press(try #require(relations["posts"]).key)
            let posts = try await app.session.eventually("the user's posts (\(extra))") { screen in
                ResourceScreen.header(screen).contains("› posts ")
                    && ResourceScreen.status(screen).contains("posts ") && !ResourceScreen.ids(in: screen).isEmpty
            }
            seen.postsStatus = Self.count(in: posts, of: "posts")
            seen.userPosts = ResourceScreen.ids(in: posts)

            // post → user
            try app.session.press("Enter")
            let post = try await app.session.eventually("a post with its parent (\(extra))") { screen in
                screen.contains(" related ") && screen.contains(" → ")
            }
            let parent = try #require(Self.parentKey(in: post), "no parent relation:\n\(post)")
            try app.session.press(parent)
            let owner = try await app.session.eventually("the post's user (\(extra))") { screen in
                screen.contains("\"username\"") && screen.contains("\"email\"")
            }
            seen.postParent = owner.components(separatedBy: "\n").first { $0.contains("\"name\"") } ?? ""
            return seen
        }

        /// `todos 200` out of the status bar.
        static func count(in screen: String, of name: String) -> String {
            let status = ResourceScreen.status(screen)
            guard let range = status.range(of: "\(name) ") else { return "" }
            let number = status[range.upperBound...].prefix { $0.isNumber }
            return "\(name) \(number)"
        }

        /// The children on a detail's `related` line: `2 posts (10)` → posts: key 2, count 10.
        static func relations(in screen: String) -> [String: (key: String, count: Int)] {
            guard let line = screen.components(separatedBy: "\n").first(where: { $0.hasPrefix(" related ") }) else {
                return [:]
            }
            var found: [String: (key: String, count: Int)] = [:]
            let words = line.split(separator: " ").map(String.init)
            for index in words.indices.dropLast(2) {
                let count = words[index + 2]
                guard words[index].count == 1, words[index].first?.isNumber == true, count.hasPrefix("("),
                    count.hasSuffix(")"), let number = Int(count.dropFirst().dropLast())
                else { continue }
                found[words[index + 1]] = (words[index], number)
            }
            return found
        }

        /// The key of a detail's parent relation (`2 author → 3`).
        static func parentKey(in screen: String) -> String? {
            guard let line = screen.components(separatedBy: "\n").first(where: { $0.hasPrefix(" related ") }) else {
                return nil
            }
            let words = line.split(separator: " ").map(String.init)
            for index in words.indices.dropLast(2) where words[index + 2] == "→" {
                let key = words[index]
                if key.count == 1, key.first?.isNumber == true { return key }
            }
            return nil
        }
    }
}
