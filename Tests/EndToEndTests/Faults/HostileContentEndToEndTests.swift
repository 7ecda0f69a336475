import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A server whose data tries to take over the terminal (``HostileText``:
    /// OSC title and clipboard, CSI clear and cursor moves, C1 controls,
    /// bidi overrides, zero-width and combining floods): the list, every
    /// detail and a related list show it defused. Nothing but Trestle's own
    /// SGR colours reaches the terminal, the pane title stays, the
    /// clipboard stays empty, and the table keeps its columns.
    @Suite
    struct HostileContentEndToEndTests {
        @Test func noEscapeInTheDataReachesTheTerminal() async throws {
            var tally = FaultTally()
            let count = HostileText.all.count
            try await FaultedApp.run(database: HostileText.database()) { faulted in
                let app = faulted.app
                let list = try await app.waitForList(count: "todos \(count)")
                tally.record(try faulted.problems(after: "the hostile list", expectingRows: true))
                tally.record(Self.layoutProblems(list, "the hostile list"))
                for (index, attack) in HostileText.all.enumerated() {
                    let id = index + 1
                    let what = "detail of todo \(id) (\(attack.name))"
                    try await app.moveCursor(to: id)
                    try faulted.session.press("Enter")
                    try await faulted.session.eventually(what) { screen in
                        ResourceScreen.header(screen).contains("todos › \(id)") && screen.contains("\"id\": \(id)")
                    }
                    var found = try faulted.problems(after: what, expectingRows: false)
                    // The parent relation: the user, with the same attack in its name.
                    try faulted.session.press("1")
                    try await faulted.session.eventually("\(what) › its user") { screen in
                        ResourceScreen.header(screen).contains("› user \(id)") && screen.contains("\"id\": \(id)")
                    }
                    found += try faulted.problems(after: "\(what) › its user", expectingRows: false)
                    tally.record(found)
                    try faulted.session.press("Escape")
                    try faulted.session.press("Escape")
                    try await app.eventuallyCursor(on: id)
                }
            }
            tally.report("hostile content")
        }

        /// Every table row keeps the shape `id mark title… userId` and fits the width.
        static func layoutProblems(_ screen: String, _ what: String) -> [FaultProblem] {
            let rows = screen.components(separatedBy: "\n").filter { ResourceScreen.rowID($0) != nil }
            let broken = rows.filter { TableRows.parse($0) == nil }
            return broken.isEmpty ? [] : [.escape(what, "rows out of shape:\n\(broken.joined(separator: "\n"))")]
        }
    }
}
