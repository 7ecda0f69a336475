import Testing

@testable import App

/// A scheduler whose router was replaced never draws again: a frame asked
/// for before the stop would cover the screens that replaced it.
@MainActor
@Suite("Frame scheduler: stopped means no more frames")
struct FrameSchedulerStopTests {
    @Test func aFrameAskedForBeforeTheStopIsNeverDrawn() async {
        var drawn = 0
        let frames = FrameScheduler(drawFrame: { _ in drawn += 1 }, isBusy: { false })
        frames.draw()
        #expect(drawn == 1)
        frames.setNeedsDisplay()  // drawn on a later main-actor turn…
        frames.stop()  // …but the router is replaced first
        for _ in 0..<20 { await Task.yield() }
        frames.draw()
        #expect(drawn == 1)
        #expect(frames.frameCount == 1)
    }
}
