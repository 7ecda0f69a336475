import Foundation
import Modules
import Services
import TerminalUI
import TestSupport
import Testing

@testable import App

@Suite("Launch target: where trestle opens")
struct LaunchTargetTests {
    let names = ResourceCatalog.jsonPlaceholder.names

    private func parse(_ words: String...) throws(CommandParser.Failure) -> LaunchTarget? {
        try LaunchTarget.parse(words, resources: names)
    }

    @Test func everySpellingOpensTheSamePlace() throws {
        let user3 = LaunchTarget(resource: "users", id: "3", filters: [])
        #expect(try parse("users/3") == user3)
        #expect(try parse(":users", "3") == user3)
        #expect(try parse("users", "3") == user3)
        #expect(try parse(":users 3") == user3)
        #expect(try parse("photos") == LaunchTarget(resource: "photos", id: nil, filters: []))
        #expect(
            try parse("todos?userId=2&completed=false")
                == LaunchTarget(
                    resource: "todos", id: nil,
                    filters: [ListQuery.Filter("userId", "2"), ListQuery.Filter("completed", "false")]))
        #expect(try parse(":resources")?.isStartScreen == true)
        #expect(try parse() == nil)
    }

    @Test func anUnknownResourceIsOneLineWithASuggestion() {
        let failure = CommandParser.Failure(
            message: "Unknown resource 'phots' — did you mean trestle photos?", unknownResource: "phots",
            suggestion: "photos")
        #expect(throws: failure) {
            try parse("phots")
        }
        #expect(throws: CommandParser.Failure.self) { try parse("export", "csv", "x.csv") }
    }

    /// `trestle rows`: no command is a launch target, so a name close to
    /// one (`ops`) is a collection, not a typo of it.
    @Test func aNameCloseToACommandIsACollection() throws {
        #expect(try parse("rows") == LaunchTarget(resource: "rows", id: nil, filters: []))
        #expect(try parse("rows/2") == LaunchTarget(resource: "rows", id: "2", filters: []))
        #expect(try parse("hist") == LaunchTarget(resource: "hist", id: nil, filters: []))
    }

    /// An id is one path segment, spaces and all.
    @Test func anIdWithSpacesIsOneId() throws {
        let book = LaunchTarget(resource: "posts", id: "a b", filters: [])
        #expect(try parse("posts/a b") == book)
        #expect(try parse("posts/a%20b") == book)
        #expect(try parse(":posts/a b") == book)
        #expect(try parse("posts/a b=c") == LaunchTarget(resource: "posts", id: "a b=c", filters: []))
        #expect(throws: CommandParser.Failure.self) { try parse("posts/3?userId=2") }
    }

    @MainActor
    @Test func aLaunchedRecordHasItsListUnderIt() async throws {
        let home = try TemporaryHome()
        defer { home.remove() }
        let prepared = try await SampleStart.prepare(in: home)
        let terminal = InMemoryTerminal(size: Size(rows: 24, cols: 100))
        let router = AppRoot.makeRouter(
            prepared, terminal: terminal, launch: LaunchTarget(resource: "users", id: "3", filters: []))
        defer { router.stopAll() }
        #expect(router.stack.map(\.breadcrumb) == ["", "users", "3"])
        #expect(router.handle(.escape))
        #expect(router.top.breadcrumb == "users")
        await home.remove(after: prepared.services.storage)
    }
}
