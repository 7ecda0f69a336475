import Services
import Testing

@testable import Modules

/// `:curl`, `:history`, `:watch` on the command line, and which screen a
/// GET of the history opens again.
@Suite("curl, history and watch commands")
struct ReplayAndCommandTests {
    let resources = ["todos", "users"]

    @Test func watchTakesSecondsOrOff() throws {
        #expect(try CommandParser.parse("watch 5", resources: resources) == .watch(seconds: 5))
        #expect(try CommandParser.parse("watch 2s", resources: resources) == .watch(seconds: 2))
        #expect(try CommandParser.parse("watch off", resources: resources) == .watch(seconds: nil))
        #expect(try CommandParser.parse("curl", resources: resources) == .curl)
        #expect(try CommandParser.parse("history", resources: resources) == .history)
        for bad in ["watch", "watch 0", "watch soon", "watch 5 6"] {
            #expect(throws: CommandParser.Failure.self) { try CommandParser.parse(bad, resources: resources) }
        }
        // A service's own `history` collection keeps its name.
        #expect(
            try CommandParser.parse("history", resources: ["history"])
                == .open(resource: "history", id: nil, filters: []))
    }

    @Test func aListGETReplaysAsTheListWithItsFiltersAndARecordAsTheRecord() {
        #expect(
            ReplayTarget.parse("/todos?userId=2&_page=1&_limit=500")
                == ReplayTarget(resource: "todos", id: nil, filters: [ListQuery.Filter("userId", "2")]))
        #expect(ReplayTarget.parse("/users/3") == ReplayTarget(resource: "users", id: "3", filters: []))
        #expect(ReplayTarget.parse("/db") == nil)
        #expect(ReplayTarget.parse("/a/b/c") == nil)
    }
}

/// The `:curl` dialog folds the command where a shell word or a query item ends.
@MainActor
@Suite("curl dialog")
struct CurlViewTests {
    @Test func theCommandFoldsAfterSpacesAndAmpersandsAndLosesNothing() {
        let command = "curl -sS -H 'Accept: application/json' 'http://127.0.0.1:3000/todos?userId=2&_page=1&_limit=500'"
        let lines = CurlView.fold(command, width: 50)
        #expect(lines.joined() == command)
        #expect(lines.allSatisfy { $0.count <= 50 })
        #expect(lines[0] == "curl -sS -H 'Accept: application/json' ")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(" ") || $0.hasSuffix("&") || $0.count == 50 })
        #expect(CurlView.fold(String(repeating: "x", count: 25), width: 10).map(\.count) == [10, 10, 5])
    }
}
