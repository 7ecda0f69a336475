import Testing

@testable import App

/// Frames held for one reason stay held until that reason's release: the
/// start's first-frame release, coming while `$PAGER` has the terminal,
/// neither draws over the pager nor uses up the pager's own release (the
/// screen was left as the pager drew it).
@MainActor
@Suite("Frame scheduler: each hold ends with its own release")
struct FrameSchedulerHoldTests {
    @Test func theStartsReleaseDuringThePagerDrawsNothingAndThePagersReleaseDraws() {
        var drawn = 0
        let frames = FrameScheduler(drawFrame: { _ in drawn += 1 }, isBusy: { false })
        frames.hold(.start)
        frames.release(.start)
        #expect(drawn == 1)
        frames.hold(.outside)
        frames.draw()  // a load that ends while the pager runs
        frames.release(.start)  // the start's deadline, late
        #expect(drawn == 1)
        frames.release(.outside)
        #expect(drawn == 2)
        frames.release(.outside)
        #expect(drawn == 2)
    }

    @Test func aFirstFrameStillHeldWaitsForTheStartAfterThePager() {
        var drawn = 0
        let frames = FrameScheduler(drawFrame: { _ in drawn += 1 }, isBusy: { false })
        frames.hold(.start)
        frames.hold(.outside)
        frames.release(.outside)
        #expect(drawn == 0)
        frames.release(.start)
        #expect(drawn == 1)
    }
}
