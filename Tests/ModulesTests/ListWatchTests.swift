import Testing

@testable import Modules

/// The list's `:watch` as a child state, alone: one fetch in flight at a
/// time, the timer stopped with the screen, the marks until visited.
struct ListWatchTests {
    @Test func watchingSchedulesAFetchAndTheNextOnlyWhenItFinished() {
        var state = ListWatch()
        #expect(state.apply(.set(.seconds(5))) == [.schedule(after: .seconds(5))])
        #expect(state.apply(.timerFired(observing: true)) == [.revalidate])
        #expect(state.apply(.timerFired(observing: true)).isEmpty, "one fetch in flight")
        #expect(state.apply(.set(.seconds(2))).isEmpty, "the fetch in flight reschedules")
        #expect(state.apply(.fetchFinished(observing: true)) == [.schedule(after: .seconds(2))])
    }

    @Test func anUnwatchedFirstPageIsNotFetched() {
        var state = ListWatch()
        _ = state.apply(.set(.seconds(5)))
        #expect(state.apply(.timerFired(observing: false)).isEmpty)
        #expect(!state.isFetching)
    }

    @Test func offCancelsTheTimerAndForgetsTheMarks() {
        var state = ListWatch()
        _ = state.apply(.set(.seconds(5)))
        _ = state.apply(.changed(["3"]))
        #expect(state.apply(.set(nil)) == [.cancel])
        #expect(state.changedIDs.isEmpty)
        #expect(state.interval == nil)
    }

    @Test func leavingTheScreenKeepsTheIntervalAndEscForgetsIt() {
        var state = ListWatch()
        #expect(state.apply(.screenLeft).isEmpty, "nothing to cancel")
        _ = state.apply(.set(.seconds(5)))
        _ = state.apply(.timerFired(observing: true))
        #expect(state.apply(.screenLeft) == [.cancel])
        #expect(!state.isFetching)
        #expect(state.apply(.resumed) == [.schedule(after: .seconds(5))])
        #expect(state.apply(.stopped) == [.cancel])
        #expect(state.interval == nil)
        #expect(state.apply(.resumed).isEmpty)
    }

    @Test func changedRowsStayMarkedUntilVisited() {
        var state = ListWatch()
        _ = state.apply(.changed(["3", "4"]))
        _ = state.apply(.changed(["5"]))
        _ = state.apply(.visited("4"))
        #expect(state.changedIDs == ["3", "5"])
    }
}
