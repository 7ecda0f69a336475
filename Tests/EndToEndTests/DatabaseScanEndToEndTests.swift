import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// json-server's `/db` is read as it arrives, keeping each top-level
    /// member's name and kind and skipping its records: in a database over a
    /// MiB, a collection whose key starts after the first MiB is named too
    /// (it was not while discovery read only the first MiB).
    @Suite
    struct DatabaseScanEndToEndTests {
        /// `{"aardvarks": [one], "todos": [count records], "zebras": [one]}`:
        /// neither aardvarks nor zebras is in the built-in catalog.
        static func database(todos count: Int) -> Data {
            var text = #"{"aardvarks": [{"id": 1, "name": "the first aardvark"}], "todos": ["#
            text.reserveCapacity(count * 90)
            for id in 1...count {
                if id > 1 { text += "," }
                text += #"{"userId": \#(id % 10 + 1), "id": \#(id), "title": "todo number \#(id)", "completed": false}"#
            }
            text += #"], "zebras": [{"id": 1, "name": "the first zebra"}]}"#
            return Data(text.utf8)
        }

        /// A real `trestle serve --data` of 1.6 MB whose `zebras` start after
        /// the first MiB, browsed with the built-in catalog (so that only
        /// `/db` names what else it holds): the start screen lists the
        /// aardvarks (in the first MiB) and the zebras.
        @Test func aCollectionAfterTheFirstMiBIsNamed() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "trestle-e2e-db-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("db.json")
            let data = Self.database(todos: 20_000)
            let zebras = try #require(data.range(of: Data(#""zebras""#.utf8)))
            #expect(zebras.lowerBound > 1024 * 1024)
            try data.write(to: file)
            let serve = try ServeProcess(arguments: ["--data", file.path])
            defer { serve.stop() }
            let home = try TemporaryHome()
            defer { home.remove() }
            let app = try RunningApp(
                [
                    "--env", "production", "--base-url", serve.url.absoluteString, "--catalog", "builtin",
                    "--log-level", "info",
                ], home: home)
            defer { app.stop() }
            try await app.session.eventuallyShows("todo number 1")
            try app.session.press("Escape")
            // The aardvarks come from `/db` alone: once they are listed, discovery has ended.
            let screen = try await app.session.eventually("the start screen with the aardvarks") { screen in
                screen.contains("Resources of this service") && screen.contains("aardvarks")
            }
            #expect(screen.contains("zebras"), "the zebras (after the first MiB of /db) are not listed:\n\(screen)")
        }
    }
}
