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
