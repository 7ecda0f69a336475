import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Following relations from screen to screen, on the fake environment
    /// and on a local server: children relations open filtered lists, parent
    /// relations open the parent's detail, and Esc walks back level by level
    /// with every list's cursor where it was.
    @Suite
    struct RelationsEndToEndTests {
        @Test(arguments: Backend.allCases)
        func theStartScreenCountsEveryResource(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try app.session.press("Escape")
                let screen = try await app.eventuallyStartScreen()
                for name in ["todos", "posts", "comments", "albums", "photos", "users"] {
                    let expected = try SampleData.records(name).count
                    #expect(ResourceScreen.startCount(of: name, in: screen) == expected, "\(name) on:\n\(screen)")
                }
                #expect(ResourceScreen.startCount(of: "users", in: screen) == 10)
                #expect(ResourceScreen.startCount(of: "photos", in: screen) == 5000)
                #expect(screen.contains("Resource") && screen.contains("Records") && screen.contains("Relations"))
                #expect(
                    screen.components(separatedBy: "\n").contains {
                        $0.hasPrefix("users") && $0.hasSuffix("todos, posts, albums")
                    })
                #expect(ResourceScreen.status(screen).contains(backend.marker))
                // Enter opens the resource under the cursor.
                try app.session.press("j")
                try await app.session.eventually("the cursor on posts", styled: true) { styled in
                    ResourceScreen.cursorResource(in: styled) == "posts"
                }
                try app.session.press("Enter")
                try await app.eventuallyList("posts", count: "posts 100")
            }
        }

        @Test(arguments: Backend.allCases)
        func userAlbumsPhotosAndBackRestoresEveryLevel(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try app.session.press("Escape")
                try await app.eventuallyStartScreen()
                for _ in 0..<5 { try app.session.press("j") }
                try await app.session.eventually("the cursor on users", styled: true) { styled in
                    ResourceScreen.cursorResource(in: styled) == "users"
                }
                try app.session.press("Enter")
                try await app.eventuallyList("users", count: "users 10")
                try await app.moveCursor(to: 3)

                // A user: three children relations with their counts.
                try app.session.press("Enter")
                let user = try await app.eventuallyDetail(
                    "users › 3 Carmen Moreau", id: 3, related: try SampleData.userRelations(3))
                #expect(user.contains("\"name\": \"Carmen Moreau\""))

                // Tab selects albums, Enter follows: the user's albums.
                try app.session.press("Tab")
                try app.session.press("Tab")
                try await app.session.eventually("albums selected", styled: true) { styled in
                    StyledScreen.line(containing: " related ", in: styled).map {
                        Self.selectedJump(in: $0) == "3 albums (10)"
                    } ?? false
                }
                try app.session.press("Enter")
                let albums = try await app.eventuallyList("users › 3 Carmen Moreau › albums", count: "albums 10")
                #expect(albums.components(separatedBy: "\n")[1] == "where userId = 3")
                let albumIDs = try SampleData.records("albums").filter { $0["userId"] as? Int == 3 }
                    .compactMap { $0["id"] as? Int }
                #expect(ResourceScreen.ids(in: albums) == albumIDs)
                let albumID = albumIDs[1]
                try await app.moveCursor(to: albumID)

                // An album: its photos (children) and its owner (parent).
                try app.session.press("Enter")
                let photoCount = try SampleData.records("photos").filter { $0["albumId"] as? Int == albumID }.count
                try await app.eventuallyDetail(
                    "albums › \(albumID) ", id: albumID, related: "1 photos (\(photoCount))   2 owner → 3")
                try app.session.press("1")
                let photos = try await app.session.eventually("the album's photos") { screen in
                    ResourceScreen.header(screen).contains("› photos")
                        && ResourceScreen.status(screen).contains("photos \(photoCount)")
                        && !ResourceScreen.ids(in: screen).isEmpty
                }
                #expect(photos.components(separatedBy: "\n")[1] == "where albumId = \(albumID)")
                #expect(
                    photos.components(separatedBy: "\n").compactMap { line in
                        ResourceScreen.rowID(line).map { _ in line.hasSuffix(" \(albumID)") }
                    }.allSatisfy { $0 })
                let photoID = ResourceScreen.ids(in: photos)[2]
                try await app.moveCursor(to: photoID)

                // A photo: its album (parent) is the only relation.
                try app.session.press("Enter")
                try await app.eventuallyDetail("› \(photoID) ", id: photoID, related: "1 album → \(albumID)")

                // Esc walks back, each level as it was left.
                try app.session.press("Escape")
                try await app.session.eventually("back on the photos") {
                    ResourceScreen.header($0).contains("› photos")
                }
                try await app.eventuallyCursor(on: photoID)
                try app.session.press("Escape")
                try await app.eventuallyDetail(
                    "albums › \(albumID) ", id: albumID, related: "1 photos (\(photoCount))   2 owner → 3")
                try app.session.press("Escape")
                try await app.eventuallyList("users › 3 Carmen Moreau › albums", count: "albums 10")
                try await app.eventuallyCursor(on: albumID)
                try app.session.press("Escape")
                try await app.eventuallyDetail(
                    "users › 3 Carmen Moreau", id: 3, related: try SampleData.userRelations(3))
                try app.session.press("Escape")
                try await app.eventuallyList("users", count: "users 10")
                try await app.eventuallyCursor(on: 3)
                try app.session.press("Escape")
                try await app.eventuallyStartScreen()
                try await app.session.eventually("the cursor still on users", styled: true) { styled in
                    ResourceScreen.cursorResource(in: styled) == "users"
                }
            }
        }

        @Test(arguments: Backend.allCases)
        func postCommentsAndBack(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("posts")
                try await app.eventuallyList("posts", count: "posts 100")
                try await app.moveCursor(to: 4)
                try app.session.press("Enter")
                let post = try SampleData.record("posts", id: 4)
                let title = try #require(post["title"] as? String)
                let author = try #require(post["userId"] as? Int)
                let comments = try SampleData.records("comments").filter { $0["postId"] as? Int == 4 }
                    .compactMap { $0["id"] as? Int }
                try await app.eventuallyDetail(
                    "posts › 4 \(title.prefix(10))", id: 4,
                    related: "1 comments (\(comments.count))   2 author → \(author)")

                try app.session.press("1")
                let list = try await app.eventuallyList(
                    "posts › 4 \(title.prefix(10))", last: "comments", count: "comments \(comments.count)")
                #expect(list.components(separatedBy: "\n")[1] == "where postId = 4")
                #expect(ResourceScreen.ids(in: list) == comments)
                try await app.moveCursor(to: comments[2])
                try app.session.press("Enter")
                try await app.eventuallyDetail("› \(comments[2]) ", id: comments[2], related: "1 post → 4")

                try app.session.press("Escape")
                try await app.eventuallyList(
                    "posts › 4 \(title.prefix(10))", last: "comments", count: "comments \(comments.count)")
                try await app.eventuallyCursor(on: comments[2])
                try app.session.press("Escape")
                try await app.eventuallyDetail(
                    "posts › 4 \(title.prefix(10))", id: 4,
                    related: "1 comments (\(comments.count))   2 author → \(author)")
                try app.session.press("Escape")
                try await app.eventuallyList("posts", count: "posts 100")
                try await app.eventuallyCursor(on: 4)
            }
        }

        @Test(arguments: Backend.allCases)
        func postAuthorOpensTheUser(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("posts 12")
                let post = try SampleData.record("posts", id: 12)
                let author = try #require(post["userId"] as? Int)
                let name = try #require(try SampleData.record("users", id: author)["name"] as? String)
                try await app.eventuallyDetail("posts › 12 ", id: 12, related: "1 comments")
                try app.session.press("2")
                let user = try await app.eventuallyDetail(
                    "posts › 12 ", id: author, related: try SampleData.userRelations(author))
                #expect(ResourceScreen.header(user).contains("› author \(author) \(name)"))
                #expect(user.contains("\"name\": \"\(name)\""))
                try app.session.press("Escape")
                try await app.eventuallyDetail("posts › 12 ", id: 12, related: "1 comments")
            }
        }

        @Test(arguments: Backend.allCases)
        func todoUserOpensTheUser(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                let screen = try await app.waitForList()
                let todoID = ResourceScreen.ids(in: screen)[5]
                try await app.moveCursor(to: todoID)
                try app.session.press("Enter")
                let owner = try #require(try SampleData.record("todos", id: todoID)["userId"] as? Int)
                let name = try #require(try SampleData.record("users", id: owner)["name"] as? String)
                // The relation names the user by its label once it comes (one request, or none).
                try await app.eventuallyDetail("todos › \(todoID) ", id: todoID, related: "1 user → \(owner) \(name)")
                try app.session.press("Enter")
                let user = try await app.eventuallyDetail(
                    "todos › \(todoID) ", id: owner, related: try SampleData.userRelations(owner))
                #expect(ResourceScreen.header(user).contains("› user \(owner) \(name)"))
                try app.session.press("Escape")
                try await app.eventuallyDetail("todos › \(todoID) ", id: todoID, related: "1 user → \(owner) \(name)")
                try app.session.press("Escape")
                try await app.waitForList()
                try await app.eventuallyCursor(on: todoID)
            }
        }

        @Test(arguments: Backend.allCases)
        func commentPostOpensThePost(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("comments 37")
                let postID = try #require(try SampleData.record("comments", id: 37)["postId"] as? Int)
                let post = try SampleData.record("posts", id: postID)
                let title = try #require(post["title"] as? String)
                try await app.eventuallyDetail("comments › 37 ", id: 37, related: "1 post → \(postID)")
                try app.session.press("1")
                let screen = try await app.eventuallyDetail(
                    "comments › 37 ", id: postID,
                    related:
                        "1 comments (\(try SampleData.count("comments", where: "postId", is: postID)))   2 author → \(post["userId"] ?? "")"
                )
                #expect(ResourceScreen.header(screen).contains("› post \(postID) \(title.prefix(10))"))
                #expect(screen.contains("\"title\": \"\(title)\""))
            }
        }

        @Test(arguments: Backend.allCases)
        func photoAlbumOpensTheAlbum(_ backend: Backend) async throws {
            try await backend.run { launched in
                let app = launched.app
                try await app.waitForList()
                try await app.command("photos 1234")
                let albumID = try #require(try SampleData.record("photos", id: 1234)["albumId"] as? Int)
                let album = try SampleData.record("albums", id: albumID)
                let owner = try #require(album["userId"] as? Int)
                try await app.eventuallyDetail("photos › 1234 ", id: 1234, related: "1 album → \(albumID)")
                try app.session.press("1")
                try await app.eventuallyDetail(
                    "photos › 1234 ", id: albumID,
                    related:
                        "1 photos (\(try SampleData.count("photos", where: "albumId", is: albumID)))   2 owner → \(owner)"
                )
                // And on from the album to its owner.
                try app.session.press("2")
                try await app.eventuallyDetail(
                    "photos › 1234 ", id: owner, related: try SampleData.userRelations(owner))
            }
        }

        /// The selected jump target of a detail's `related` line (drawn in
        /// the cursor style), from a `capture-pane -e` line.
        static func selectedJump(in styledLine: String) -> String? {
            var rendition = StyledScreen.Rendition()
            var text = ""
            var selected = ""
            var characters = Array(styledLine)[...]
            while let character = characters.popFirst() {
                if character == "\u{1B}", characters.first == "[" {
                    characters.removeFirst()
                    var parameters = ""
                    while let next = characters.popFirst(), next != "m" { parameters.append(next) }
                    rendition.apply(parameters)
                    continue
                }
                text.append(character)
                if rendition.isHighlighted, text.contains(" related ") { selected.append(character) }
            }
            let trimmed = selected.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        }
    }
}
