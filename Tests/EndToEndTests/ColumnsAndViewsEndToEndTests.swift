import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Issue 39 item 4 on the real binary: `:columns` hides, shows, moves,
    /// widens and adds columns (the keys too), and `:view save NAME` keeps
    /// columns, sort, filter and watch in the cache, so that `:view NAME`
    /// shows them again after a restart (in English and German) and after
    /// `:service` switched away and back.
    @Suite
    struct ColumnsAndViewsEndToEndTests {
        /// The line of the list's column titles: the first holding `title`.
        static func headerLine(_ screen: String, with title: String) -> String? {
            screen.components(separatedBy: "\n").dropFirst().first { $0.contains(title) }
        }

        /// Where `word` starts on `line` (in characters), if it is there.
        static func column(of word: String, in line: String) -> Int? {
            line.range(of: word).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }

        @Test func columnsAreHiddenMovedWidenedAndAddedOnTheFake() async throws {
            let app = try RunningApp(["--delay", "0"], cols: 200)
            defer { app.stop() }
            let todos = try await app.waitForList()
            let firstTitle = try #require(try SampleData.records("todos").first?["title"] as? String)
            #expect(todos.contains(firstTitle))
            #expect(Self.headerLine(todos, with: "Title")?.contains("User") == true)

            try await app.command("columns hide userId")
            let hidden = try await app.session.eventually("userId hidden") {
                $0.contains("Hid userId") && Self.headerLine($0, with: "Title")?.contains("User") == false
            }
            #expect(hidden.contains(firstTitle))

            try await app.command("columns move title 1")
            let moved = try await app.session.eventually("Title first") { screen in
                guard let line = Self.headerLine(screen, with: "Title"), let title = Self.column(of: "Title", in: line),
                    let done = Self.column(of: "Done", in: line)
                else { return false }
                return title < done && screen.contains("Moved title to position 1")
            }
            #expect(moved.contains(firstTitle))

            try await app.command("columns width title 20")
            let narrow = try await app.session.eventually("Title 20 cells wide") { screen in
                guard let line = Self.headerLine(screen, with: "Title"), let title = Self.column(of: "Title", in: line)
                else { return false }
                let rest = String(line.dropFirst(title + 5)).drop { $0 == " " || $0 == "▲" || $0 == "▼" }
                return line.count - rest.count - title == 21
            }
            #expect(!narrow.contains(firstTitle), "the title is cut at 20 cells: \(narrow)")

            // The keys act on the sorted column (id): `-` hides it, `+` shows all.
            try app.session.press("-")
            try await app.session.eventually("the id column hidden") { $0.contains("Hid id") }
            try app.session.press("+")
            try await app.session.eventually("every column shown") {
                $0.contains("Showing 2 hidden columns again")
                    && Self.headerLine($0, with: "Title")?.contains("User") == true
            }

            // `?` lists the column keys.
            try app.session.press("?")
            try await app.session.eventually("the help") {
                $0.contains("- + < > [ ]") && $0.contains("sorted column: hide, show all, move, size")
            }
            try app.session.press("Escape")
            try await app.session.eventually("the list again") { !$0.contains("- + < > [ ]") }

            // A nested path of the users.
            try await app.command("users")
            try await app.session.eventuallyShows("users 10")
            try await app.command("columns add address.geo.lat")
            let lat = try #require(
                (try SampleData.records("users").first?["address"] as? [String: Any])
                    .flatMap { $0["geo"] as? [String: Any] }?["lat"] as? String)
            try await app.session.eventually("the latitude column") {
                $0.contains("Added column address.geo.lat") && $0.contains(lat)
            }
            try await app.command("columns")
            try await app.session.eventually("the columns listed") {
                ResourceScreen.status($0).contains("address.geo.lat")
                    && ResourceScreen.status($0).contains("Columns: id")
            }
        }

        /// Saves a view of the todos (title hidden, sorted by id downwards,
        /// filtered), quits, starts again in the same home and shows it.
        @Test(arguments: ["en", "de"])
        func aViewSavedOnOneRunIsThereOnTheNext(language: String) async throws {
            let words =
                language == "de"
                ? (saved: "Ansicht mine von todos gespeichert", shown: "Ansicht mine", title: "Titel")
                : (saved: "Saved view mine of todos", shown: "View mine", title: "Title")
            let home = try TemporaryHome()
            defer { home.remove() }
            let todos = try SampleData.records("todos")
            let firstTitle = try #require(todos.first?["title"] as? String)
            do {
                let app = try RunningApp(["--delay", "0", "--lang", language], reportingExit: true, home: home)
                defer { app.stop() }
                try await app.session.eventually("the todos") { $0.contains("todos 200") && $0.contains(firstTitle) }
                try await app.command("columns hide title")
                try await app.session.eventually("the titles hidden") { !$0.contains(firstTitle) }
                // The cursor stays on its record (todo 1, now the last): `g` goes to the top.
                try app.session.press("S")
                try await app.session.eventually("sorted by id downwards") { $0.contains("ID ▼") }
                try app.session.press("g")
                try await app.session.eventually("the top of the list") {
                    ResourceScreen.ids(in: $0).first == todos.count
                }
                try await app.command("view save mine")
                try await app.session.eventually("saved") { ResourceScreen.status($0).contains(words.saved) }
                try await app.command("quit")
                let end = try await app.session.eventuallyShows(RunningApp.endMarker, timeout: 60)
                #expect(end.contains("exit=0"))
            }
            let app = try RunningApp(["--delay", "0", "--lang", language], home: home)
            defer { app.stop() }
            let again = try await app.session.eventually("the todos again") {
                $0.contains(firstTitle) && ResourceScreen.ids(in: $0).first == 1
            }
            #expect(Self.headerLine(again, with: words.title) != nil)
            // `:view ` completes the saved name.
            try app.session.press(":")
            try app.session.type("view m")
            try app.session.press("Tab")
            try await app.session.eventually("the completed view name") {
                ResourceScreen.status($0).hasPrefix(":view mine")
            }
            try app.session.press("Enter")
            try await app.session.eventually("the view again") {
                ResourceScreen.status($0).contains(words.shown) && $0.contains("ID ▼")
            }
            try app.session.press("g")
            let shown = try await app.session.eventually("its top row") {
                ResourceScreen.ids(in: $0).first == todos.count
            }
            #expect(!shown.contains(firstTitle))
            #expect(Self.headerLine(shown, with: words.title) == nil)
            try await app.command("views")
            try await app.session.eventually("the views listed") { ResourceScreen.status($0).contains("mine") }
        }

        /// A `trestle serve` service in the production environment: the
        /// users with a nested column added and the e-mail hidden, kept as
        /// a view; the default view (the described columns) and the view again.
        @Test func aViewOfAServedProductionServiceGoesAndComesBack() async throws {
            let home = try TemporaryHome()
            defer { home.remove() }
            let file = home.root.appendingPathComponent("db.json")
            try FileManager.default.copyItem(at: SampleData.file, to: file)
            let server = try ServeProcess(copying: file)
            defer { server.stop() }
            let users = try SampleData.records("users")
            let email = try #require(users.first?["email"] as? String)
            let city = try #require((users.first?["address"] as? [String: Any])?["zipcode"] as? String)
            let app = try RunningApp(
                ["--env", "production", "--base-url", server.url.absoluteString], cols: 200, home: home)
            defer { app.stop() }
            try await app.session.eventually("the todos") { $0.contains("todos 200") }
            try await app.command("users")
            try await app.session.eventually("the users") { $0.contains(email) && $0.contains("PRODUCTION") }
            try await app.command("columns hide email")
            try await app.session.eventually("no e-mail") { !$0.contains(email) && $0.contains("Hid email") }
            try await app.command("columns add address.zipcode")
            try await app.session.eventually("the zip codes") { $0.contains(city) }
            try await app.command("view save zip")
            try await app.session.eventually("saved") { ResourceScreen.status($0).contains("Saved view zip of users") }
            try await app.command("view default")
            try await app.session.eventually("the described columns") { $0.contains(email) && !$0.contains(city) }
            try await app.command("view zip")
            try await app.session.eventually("the view again") {
                !$0.contains(email) && $0.contains(city) && ResourceScreen.status($0).contains("View zip")
            }
        }

        static let library = """
            {"books": [
               {"id": 1, "title": "Dune", "year": 1965},
               {"id": 2, "title": "Emma", "year": 1815}]}
            """

        static let garden = """
            {"plants": [{"id": 1, "name": "Fern", "water": "weekly"}]}
            """

        /// A view saved on one service is there after `:service` went to another and came back.
        @Test func aViewSurvivesSwitchingServices() async throws {
            let libraryServer = try await EngineTestServer.start(json: Self.library)
            let gardenServer = try await EngineTestServer.start(json: Self.garden)
            do {
                let home = try TemporaryHome()
                defer { home.remove() }
                let folder = URL(fileURLWithPath: home.environment["XDG_CONFIG_HOME"] ?? "")
                    .appendingPathComponent("trestle")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try ServiceSwitchEndToEndTests.config(
                    library: libraryServer.baseURLString, garden: gardenServer.baseURLString
                ).write(to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
                let app = try RunningApp(["--service", "library", "--delay", "0"], home: home)
                defer { app.stop() }
                try await app.session.eventually("the books") { $0.contains("books 2") && $0.contains("1965") }
                try await app.command("columns hide year")
                try await app.session.eventually("no year") { !$0.contains("1965") }
                try await app.command("view save noyear")
                try await app.session.eventually("saved") { ResourceScreen.status($0).contains("Saved view noyear") }
                try await app.command("service garden")
                try await app.session.eventually("the garden") { $0.contains("Fern") }
                try await app.command("service library")
                try await app.session.eventually("the library again") { $0.contains("Dune") }
                try await app.command("view default")
                try await app.session.eventually("the year again") { $0.contains("1965") }
                try await app.command("view noyear")
                try await app.session.eventually("the view again") {
                    !$0.contains("1965") && ResourceScreen.status($0).contains("View noyear")
                }
            } catch {
                await libraryServer.stop()
                await gardenServer.stop()
                throw error
            }
            await libraryServer.stop()
            await gardenServer.stop()
        }
    }
}
