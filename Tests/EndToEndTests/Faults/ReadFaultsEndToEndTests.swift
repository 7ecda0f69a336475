import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Every read fault of ``FaultCorpus`` against a list reload, a
    /// detail reload and a relation opened under it: a one-line error with
    /// “r to retry” (or the odd answer shown), never a crash, never an
    /// escape on the terminal, never a blank list once one was shown; `r`
    /// once the server is well again brings the data back.
    @Suite
    struct ReadFaultsEndToEndTests {
        @Test func listReloadUnderEveryFault() async throws {
            var tally = FaultTally()
            try await FaultedApp.run { faulted in
                try await faulted.app.waitForList()
                for (fault, outcome) in FaultCorpus.reads {
                    let what = "list reload, \(fault)"
                    faulted.failReads(of: "/todos", with: fault)
                    try faulted.session.press("r")
                    let unexpected = try await faulted.expect(outcome, of: fault, after: what)
                    tally.record(try unexpected + faulted.problems(after: what, expectingRows: true))
                    tally.problems += try await faulted.recover(what) { screen in
                        ResourceScreen.status(screen).contains("todos 200") && !ResourceScreen.ids(in: screen).isEmpty
                    }
                }
            }
            tally.report("list reload")
        }

        @Test func detailReloadUnderEveryFault() async throws {
            var tally = FaultTally()
            try await FaultedApp.run { faulted in
                try await faulted.app.waitForList()
                try faulted.session.press("Enter")
                try await faulted.app.eventuallyDetail("todos › 1 ", id: 1, related: "1 user → 1")
                try await faulted.eventuallySettled(after: "/todos/1")
                for (fault, outcome) in FaultCorpus.reads {
                    let what = "detail reload, \(fault)"
                    faulted.failReads(of: "/todos/1", with: fault)
                    try faulted.session.press("r")
                    var found = try await faulted.expect(outcome, of: fault, after: what)
                    found += try faulted.problems(after: what, expectingRows: false)
                    let screen = try faulted.session.screen()
                    if !screen.contains("\"id\": ") && !screen.contains("huge64k") {
                        found.append(.blank(what, screen))
                    }
                    tally.record(found)
                    tally.problems += try await faulted.recover(what) {
                        $0.contains("\"id\": 1,") && $0.contains("1 user → 1")
                    }
                }
            }
            tally.report("detail reload")
        }

        @Test func relationOpenedUnderEveryFault() async throws {
            var tally = FaultTally()
            try await FaultedApp.run { faulted in
                try await faulted.app.waitForList()
                try faulted.session.press("Enter")
                try await faulted.app.eventuallyDetail("todos › 1 ", id: 1, related: "1 user → 1")
                try faulted.session.press("1")
                try await faulted.app.eventuallyDetail("› user 1 ", id: 1, related: "1 todos (")
                for (fault, outcome) in FaultCorpus.reads {
                    let what = "relation user 1 › todos, \(fault)"
                    faulted.failReads(of: "/todos", with: fault)
                    try faulted.session.press("1")
                    try await faulted.session.eventually("the related list's header") {
                        ResourceScreen.header($0).contains("› todos")
                    }
                    // Opened again within its freshness, the list needs no request: ask for one.
                    try faulted.session.press("r")
                    let unexpected = try await faulted.expect(outcome, of: fault, after: what)
                    tally.record(try unexpected + faulted.problems(after: what, expectingRows: false))
                    tally.problems += try await faulted.recover(what) { screen in
                        ResourceScreen.header(screen).contains("› todos") && !ResourceScreen.ids(in: screen).isEmpty
                    }
                    try faulted.session.press("Escape")
                    try await faulted.app.eventuallyDetail("› user 1 ", id: 1, related: "1 todos (")
                }
            }
            tally.report("relation")
        }

        @Test func aFaultOnceOrAtARateIsRetriedUnseen() async throws {
            var tally = FaultTally()
            try await FaultedApp.run { faulted in
                try await faulted.app.waitForList()
                for fault in FaultCorpus.transient {
                    let what = "list reload, \(fault) once"
                    faulted.failReads(of: "/todos", with: fault, times: 1)
                    let before = faulted.server.count("GET", path: "/todos")
                    try faulted.session.press("r")
                    try await faulted.session.eventually("the retry after \(fault)") { _ in
                        faulted.server.count("GET", path: "/todos") >= before + 2
                    }
                    try await faulted.settled(what)
                    let screen = try faulted.session.screen()
                    #expect(!screen.contains("r to retry"), "\(what) showed an error:\n\(screen)")
                    tally.record(try faulted.problems(after: what, expectingRows: true))
                }
                // Every second request fails: each reload's retry gets through.
                faulted.server.clearFaults()
                faulted.server.inject(FaultRule(.status(500), method: "GET", path: "/todos", every: 2))
                for round in 1...4 {
                    let what = "list reload \(round), 500 at a rate of 1/2"
                    let before = faulted.server.count("GET", path: "/todos")
                    try faulted.session.press("r")
                    try await faulted.session.eventually("reload \(round) answered") { _ in
                        faulted.server.count("GET", path: "/todos") > before
                    }
                    try await faulted.settled(what)
                    let screen = try faulted.session.screen()
                    #expect(!screen.contains("r to retry"), "\(what) showed an error:\n\(screen)")
                    tally.record(try faulted.problems(after: what, expectingRows: true))
                }
                #expect(faulted.server.served.count >= 2, "\(faulted.server.served)")
            }
            tally.report("transient")
        }
    }
}

extension FaultedApp {
    /// Waits for what `outcome` says the user must see; a different
    /// screen is a problem of its own, and the corpus goes on.
    func expect(_ outcome: FaultCorpus.Outcome, of fault: NetworkFault, after what: String) async throws
        -> [FaultProblem]
    {
        do {
            try await waitFor(outcome, of: fault, after: what)
            return []
        } catch let failure as TmuxSession.Failure {
            return [.unexpected(what, "\(failure)")]
        }
    }

    private func waitFor(_ outcome: FaultCorpus.Outcome, of fault: NetworkFault, after what: String) async throws {
        switch outcome {
        case .error:
            try await eventuallyRetryError(what)
        case .shows(let text):
            try await session.eventually("\(what) served") { _ in
                server.served.last?.hasSuffix(": \(fault)") == true
            }
            try await settled(what)
            try await session.eventually("“\(text)” after \(what)") { $0.contains(text) && !$0.contains("r to retry") }
        }
    }

    /// The spinner's frames (TerminalUI's `Spinner.frames`).
    static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Waits until no request is in flight (the spinner is gone).
    func settled(_ what: String) async throws {
        try await session.eventually("no request in flight after \(what)") { screen in
            !Self.spinnerFrames.contains { screen.contains($0) }
        }
    }

    /// Serves faithfully again, reloads, and waits for `restored` without
    /// an error; a screen that does not recover is a problem (not thrown,
    /// so that the rest of the corpus still runs).
    @discardableResult
    func recover(_ what: String, _ restored: (String) -> Bool) async throws -> [FaultProblem] {
        server.clearFaults()
        try session.press("r")
        do {
            try await session.eventually("recovery after \(what)") { screen in
                !screen.contains("r to retry") && restored(screen)
            }
            return []
        } catch let failure as TmuxSession.Failure {
            return [.unexpected("recovery after \(what)", "\(failure)")]
        }
    }
}
