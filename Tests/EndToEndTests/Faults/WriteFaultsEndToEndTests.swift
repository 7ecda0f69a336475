import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// Every write (Space toggle, edit, create, delete) meeting every write
    /// fault of ``FaultCorpus`` once: the request is sent exactly once, and
    /// the screen either says it failed and shows the record as it was
    /// (rolled back, restored) or says it succeeded, and then the server
    /// has it. Never a crash, never a silent loss.
    @Suite
    struct WriteFaultsEndToEndTests {
        @Test func toggleAndEditUnderEveryFault() async throws {
            var tally = FaultTally()
            try await FaultedApp.run { faulted in
                let app = faulted.app
                try await app.waitForList()
                for (index, fault) in FaultCorpus.writes.enumerated() {
                    let id = index + 2
                    try await app.moveCursor(to: id)
                    let mark = try #require(TableRows.mark(ofID: id, in: faulted.session.screen()))
                    let what = "Space on todo \(id), PATCH \(fault)"
                    faulted.server.inject(FaultRule(fault, method: "PATCH", times: 1))
                    let before = faulted.server.count("PATCH")
                    try faulted.session.press("Space")
                    let (status, screen, repeated) = try await faulted.writeAnswered(
                        "PATCH", before: before, what, messages: ["Todo \(id) not saved", "Todo \(id) marked"])
                    var found = try faulted.problems(after: what, expectingRows: true) + repeated
                    faulted.server.clearFaults()
                    if status.contains("Todo \(id) not saved") {
                        if TableRows.mark(ofID: id, in: screen) != mark {
                            found.append(.writeLost(what, "not rolled back on screen:\n\(screen)"))
                        }
                    } else if status.contains("Todo \(id) marked") {
                        let done = try await faulted.record("/todos/\(id)")["completed"] as? Bool
                        if TableRows.mark(ofID: id, in: screen) != (done == true ? "✓" : "·") {
                            found.append(
                                .writeLost(what, "screen and server disagree: completed \(String(describing: done))"))
                        }
                    } else {
                        found.append(.writeLost(what, "no message about the write: \(status)"))
                    }
                    tally.record(found)
                    tally.problems += try await faulted.recoverList(what)
                }
                for (index, fault) in FaultCorpus.writes.enumerated() {
                    let id = index + 20
                    try await faulted.edit(id: id, appending: "E\(index)", fault: fault, tally: &tally)
                }
            }
            tally.report("toggle and edit")
        }

        @Test func createAndDeleteUnderEveryFault() async throws {
            var tally = FaultTally()
            try await FaultedApp.run { faulted in
                let app = faulted.app
                try await app.waitForList()
                for (index, fault) in FaultCorpus.writes.enumerated() {
                    let title = "fault create \(index)"
                    let what = "create “\(title)”, POST \(fault)"
                    try faulted.session.press("n")
                    try await faulted.session.eventuallyShows(" New todo ")
                    try faulted.session.type(title)
                    try faulted.session.press("Tab")
                    try faulted.session.press("Tab")
                    try faulted.session.type("3")
                    try await faulted.session.eventually("the form filled in") { screen in
                        screen.contains("[\(title)") && screen.contains("User id:   [3 ")
                    }
                    faulted.server.inject(FaultRule(fault, method: "POST", times: 1))
                    let before = faulted.server.count("POST")
                    try faulted.session.press("Enter")
                    let (status, screen, repeated) = try await faulted.writeAnswered(
                        "POST", before: before, what, messages: ["New todo not created", " created"])
                    var found = try faulted.problems(after: what, expectingRows: true) + repeated
                    let onServer = try await faulted.records("/todos", titled: title)
                    if status.contains("New todo not created") {
                        if screen.contains(title) && onServer == 0 {
                            found.append(.writeLost(what, "still on screen after the rollback"))
                        }
                    } else if status.contains(" created") {
                        if onServer != 1 { found.append(.writeLost(what, "said created, server has \(onServer)")) }
                    } else {
                        found.append(.writeLost(what, "no message about the write: \(status)"))
                    }
                    if onServer > 1 { found.append(.writeRepeated(what, "server holds it \(onServer) times")) }
                    tally.record(found)
                    tally.problems += try await faulted.recoverList(what)
                }
                for (index, fault) in FaultCorpus.writes.enumerated() {
                    let id = index + 25
                    try await faulted.delete(id: id, fault: fault, tally: &tally)
                }
            }
            tally.report("create and delete")
        }
    }
}

extension FaultedApp {
    /// Waits until a write (`method`) was sent and the status bar says
    /// what became of it (one of `messages`; after 20 s, whatever it says):
    /// the status line, the screen, and a repeat when it was sent more than once.
    func writeAnswered(_ method: String, before: Int, _ what: String, messages: [String]) async throws
        -> (String, String, [FaultProblem])
    {
        try await session.eventually("\(what) sent") { _ in server.count(method) > before }
        let screen =
            try
            (try? await session.eventually("a message about \(what)", timeout: 120) { screen in
                messages.contains { ResourceScreen.status(screen).contains($0) }
            }) ?? session.screen()
        let sent = server.count(method) - before
        return (ResourceScreen.status(screen), screen, sent == 1 ? [] : [.writeRepeated(what, "sent \(sent) times")])
    }

    /// Reloads with the faults cleared and waits until the list shows the
    /// server's todos as they are now (the first rows, in the server's order).
    func recoverList(_ what: String) async throws -> [FaultProblem] {
        server.clearFaults()
        let url = try #require(URL(string: server.baseURLString + "/todos"))
        let (data, _) = try await URLSession.shared.data(from: url)
        let ids = ((try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []).compactMap {
            $0["id"] as? Int
        }
        return try await recover(what) { screen in
            // The rows on screen are a run of the server's, wherever the list is scrolled.
            let shown = ResourceScreen.ids(in: screen)
            guard let first = shown.first, let start = ids.firstIndex(of: first) else { return false }
            return Array(ids[start..<min(ids.count, start + shown.count)]) == shown
                && ResourceScreen.status(screen).contains("todos \(ids.count)")
        }
    }

    /// Moves the cursor to the row with `id` from the top; once more if a
    /// redraw between reading the screen and moving landed it elsewhere.
    func settledCursor(on id: Int) async throws {
        for attempt in 1...2 {
            do {
                try session.press("g")
                try await app.eventuallyCursor(on: 1)
                try await app.moveCursor(to: id)
                return
            } catch let failure as TmuxSession.Failure where attempt == 1 {
                _ = failure
            }
        }
    }

    /// The server's record at `path` (faults cleared by the caller), as JSON.
    func record(_ path: String) async throws -> [String: Any] {
        let url = try #require(URL(string: server.baseURLString + path))
        let (data, _) = try await URLSession.shared.data(from: url)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// How many of the server's records at `path` have `title`.
    func records(_ path: String, titled title: String) async throws -> Int {
        server.clearFaults()
        let url = try #require(URL(string: server.baseURLString + path))
        let (data, _) = try await URLSession.shared.data(from: url)
        let list = (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
        return list.filter { $0["title"] as? String == title }.count
    }

    /// Edits todo `id`'s title (appending `suffix`) while `fault` meets the PATCH.
    func edit(id: Int, appending suffix: String, fault: NetworkFault, tally: inout FaultTally) async throws {
        let what = "edit todo \(id), PATCH/PUT \(fault)"
        try await app.moveCursor(to: id)
        let title = try #require(TableRows.parse(ResourceScreen.row(ofID: id, in: session.screen()) ?? "")?.title)
        let writes = server.count("PATCH") + server.count("PUT")
        try session.press("e")
        try await session.eventuallyShows(" Edit todo \(id) ")
        try session.type(suffix)
        try await session.eventuallyShows(suffix)
        server.inject(FaultRule(fault, method: "PATCH", times: 1))
        server.inject(FaultRule(fault, method: "PUT", times: 1))
        try session.press("Enter")
        try await session.eventually("\(what) sent") { _ in server.count("PATCH") + server.count("PUT") > writes }
        let screen =
            try
            (try? await session.eventually("a message about \(what)", timeout: 120) { screen in
                ["Todo \(id) not saved", "Todo \(id) saved"].contains { ResourceScreen.status(screen).contains($0) }
            }) ?? session.screen()
        let status = ResourceScreen.status(screen)
        var found = try problems(after: what, expectingRows: true)
        let sent = server.count("PATCH") + server.count("PUT") - writes
        if sent != 1 { found.append(.writeRepeated(what, "sent \(sent) times")) }
        server.clearFaults()
        let saved = try await record("/todos/\(id)")["title"] as? String
        let shown = TableRows.parse(ResourceScreen.row(ofID: id, in: screen) ?? "")?.title ?? ""
        if status.contains("Todo \(id) not saved") {
            if !title.hasPrefix(shown.prefix(20)) || shown.contains(suffix) {
                found.append(.writeLost(what, "not rolled back on screen: \(shown)"))
            }
        } else if status.contains("Todo \(id) saved") {
            if saved?.contains(suffix) != true {
                found.append(.writeLost(what, "said saved, server has \(saved ?? "-")"))
            }
        } else {
            found.append(.writeLost(what, "no message about the write: \(status)"))
        }
        tally.record(found)
        tally.problems += try await recoverList(what)
    }

    /// Deletes todo `id` while `fault` meets the DELETE.
    func delete(id: Int, fault: NetworkFault, tally: inout FaultTally) async throws {
        let what = "delete todo \(id), DELETE \(fault)"
        let deletes = server.count("DELETE")
        // The question names the record: a redraw that moved the cursor
        // between the move and `d` (a reload after the last write, on a busy
        // machine) is answered `n` and the cursor moved again.
        for attempt in 1...3 {
            try await settledCursor(on: id)
            try session.press("d")
            let question = try await session.eventually("the delete question") {
                $0.contains("y deletes · n or Esc keeps it")
            }
            if question.contains("Delete todo \(id) ") || question.contains("Delete todo \(id)?") { break }
            try session.press("n")
            try await session.eventually("the question gone") { !$0.contains("y deletes · n or Esc keeps it") }
            #expect(attempt < 3, "the cursor never stayed on todo \(id): \(question)")
        }
        server.inject(FaultRule(fault, method: "DELETE", times: 1))
        try session.press("y")
        try await session.eventually("\(what) sent") { _ in server.count("DELETE") > deletes }
        let screen =
            try
            (try? await session.eventually("a message about \(what)", timeout: 120) { screen in
                ["Todo \(id) not deleted", "Todo \(id) deleted"].contains { ResourceScreen.status(screen).contains($0) }
            }) ?? session.screen()
        let status = ResourceScreen.status(screen)
        var found = try problems(after: what, expectingRows: true)
        if server.count("DELETE") - deletes != 1 { found.append(.writeRepeated(what, "sent more than once")) }
        server.clearFaults()
        if status.contains("Todo \(id) not deleted") {
            if ResourceScreen.row(ofID: id, in: screen) == nil {
                found.append(.writeLost(what, "said restored, row missing"))
            }
        } else if status.contains("Todo \(id) deleted") {
            if !(try await record("/todos/\(id)")).isEmpty {
                found.append(.writeLost(what, "said deleted, server still has it"))
            }
        } else {
            found.append(.writeLost(what, "no message about the write: \(status)"))
        }
        tally.record(found)
        tally.problems += try await recoverList(what)
    }
}
