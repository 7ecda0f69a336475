import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A server that answers late or never: the spinner turns while the
    /// request is pending, `q` quits at once however long the server takes,
    /// a late answer within the timeout is shown, one past it is an error.
    @Suite
    struct SlowServerEndToEndTests {
        @Test func qQuitsWhileTheServerNeverAnswers() async throws {
            try await FaultedApp.run(
                reportingExit: true,
                before: { server in
                    server.inject(FaultRule(.slow(seconds: nil), method: "GET", path: "/todos"))
                }
            ) { faulted in
                try await faulted.session.eventually("the spinner while /todos is pending") { screen in
                    FaultedApp.spinnerFrames.contains { ResourceScreen.status(screen).contains($0) }
                        && !faulted.server.served.isEmpty
                }
                try faulted.session.press("q")
                // Quitting must not wait for the request: the bound stays under
                // its 120 s timeout (`RunningApp`'s), and is generous.
                let after = try await faulted.session.eventually("the app to exit", timeout: 60) {
                    $0.contains(RunningApp.endMarker)
                }
                #expect(after.contains("exit=0"), "\(after)")
                #expect(faulted.server.served.allSatisfy { $0.hasSuffix("never answers") })
                #expect(!FaultedApp.backtraceWords.contains(where: after.contains), "\(after)")
            }
        }

        @Test func aLateAnswerIsShownAndOnePastTheTimeoutIsAnError() async throws {
            var tally = FaultTally()
            try await FaultedApp.run(extra: ["--timeout", "2"]) { faulted in
                try await faulted.app.waitForList()
                faulted.failReads(of: "/todos", with: .slow(seconds: 1), times: 1)
                try faulted.session.press("r")
                try await faulted.session.eventually("the spinner during a slow reload") { screen in
                    FaultedApp.spinnerFrames.contains { ResourceScreen.status(screen).contains($0) }
                }
                try await faulted.settled("a slow reload")
                #expect(!(try faulted.session.screen()).contains("r to retry"))
                tally.record(try faulted.problems(after: "a 1 s answer", expectingRows: true))

                faulted.failReads(of: "/todos", with: .slow(seconds: nil))
                try faulted.session.press("r")
                let screen = try await faulted.eventuallyRetryError("a silent server", timeout: 120)
                #expect(screen.contains("Timed out after 2 s"), "\(screen)")
                tally.record(try faulted.problems(after: "a silent server past the timeout", expectingRows: true))
                tally.problems += try await faulted.recover("a silent server") { !ResourceScreen.ids(in: $0).isEmpty }
            }
            tally.report("slow")
        }
    }
}
