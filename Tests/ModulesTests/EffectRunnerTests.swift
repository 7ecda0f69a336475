import Testing

@testable import Modules

/// The runner both screens' presenters run their work through: one task
/// per id, a new one replacing the old, all of them stopped at once.
///
/// Each task waits on its own gate; every test opens all gates at its end,
/// so a task the runner failed to cancel still ends (the test fails, it
/// does not hang).
@MainActor
struct EffectRunnerTests {
    /// What the tasks under test saw: which finished, which were cancelled.
    @MainActor
    final class Log {
        var finished: Set<String> = []
        var cancelled: Set<String> = []
    }

    /// A gate per task: the task waits until it opens or it is cancelled.
    private let gates = (0..<4).map { _ in AsyncStream<Void>.makeStream() }
    private let log = Log()

    /// Work that waits until cancelled or until gate `number` opens, and logs which.
    private func work(_ number: Int) -> @MainActor @Sendable () async -> Void {
        { [log, gate = gates[number].stream] in
            for await _ in gate { break }
            if Task.isCancelled { log.cancelled.insert("\(number)") } else { log.finished.insert("\(number)") }
        }
    }

    private func openGates(_ tasks: [Task<Void, Never>]) async {
        for gate in gates { gate.continuation.finish() }
        for task in tasks { await task.value }
    }

    @Test func aSecondStartUnderAnIDCancelsTheFirst() async {
        let runner = EffectRunner<String>()
        let first = runner.run("load", work(0))
        let second = runner.run("load", work(1))
        #expect(first.isCancelled)
        #expect(!second.isCancelled)
        #expect(runner.runningIDs == ["load"])
        await openGates([first, second])
        #expect(log.cancelled == ["0"])
        #expect(log.finished == ["1"])
        #expect(runner.runningIDs.isEmpty, "a finished task leaves the runner")
    }

    @Test func differentIDsRunSideBySide() async {
        let runner = EffectRunner<String>()
        let load = runner.run("load", work(0))
        let search = runner.run("search", work(1))
        #expect(!load.isCancelled && !search.isCancelled)
        #expect(runner.runningIDs == ["load", "search"])
        await openGates([load, search])
        #expect(log.finished == ["0", "1"])
        #expect(log.cancelled.isEmpty)
    }

    @Test func stopAllCancelsEveryTask() async {
        let runner = EffectRunner<Int>()
        let tasks = (0..<3).map { runner.run($0, work($0)) }
        runner.stopAll()
        #expect(tasks.allSatisfy { $0.isCancelled })
        #expect(runner.runningIDs.isEmpty)
        await openGates(tasks)
        #expect(log.cancelled == ["0", "1", "2"])
        #expect(log.finished.isEmpty)
    }

    @Test func cancellingWhereCancelsOnlyThoseIDs() async {
        let runner = EffectRunner<Int>()
        let tasks = (0..<4).map { runner.run($0, work($0)) }
        runner.cancel { $0.isMultiple(of: 2) }
        #expect(runner.runningIDs == [1, 3])
        await openGates(tasks)
        #expect(log.cancelled == ["0", "2"])
        #expect(log.finished == ["1", "3"])
    }

    @Test func aReplacedTaskThatEndsLeavesItsSuccessorRunning() async {
        let runner = EffectRunner<String>()
        let first = runner.run("load", work(0))
        let second = runner.run("load", work(1))
        gates[0].continuation.finish()
        await first.value
        #expect(runner.task("load") == second, "the first task's end does not remove the second")
        await openGates([second])
    }
}
