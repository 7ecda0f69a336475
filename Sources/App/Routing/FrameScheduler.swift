/// Decides when frames are drawn: redraw requests made in one main-actor
/// turn make one frame; every frame is counted and wakes whoever waits for
/// the next one (tests, the benchmark); while something loads, a frame
/// every 100 ms moves the spinner, and when idle no timer runs at all.
@MainActor
final class FrameScheduler {
    /// Frames drawn so far.
    private(set) var frameCount = 0
    /// The spinner's phase, one step per animation frame.
    private(set) var tick = 0
    private var needsDisplay = false
    /// Why frames are held now; while any is, frames are asked for but
    /// not drawn (``hold(_:)``).
    private var holds: Set<Hold> = []
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isStopped = false
    private var animation: Task<Void, Never>?
    /// Draws one whole frame with the spinner at `tick`.
    private let drawFrame: @MainActor (_ tick: Int) -> Void
    /// Whether anything is loading (the spinner turns while it is).
    private let isBusy: @MainActor () -> Bool

    init(drawFrame: @escaping @MainActor (_ tick: Int) -> Void, isBusy: @escaping @MainActor () -> Bool) {
        self.drawFrame = drawFrame
        self.isBusy = isBusy
    }

    /// Asks for a frame soon; many requests in one turn make one frame.
    func setNeedsDisplay() {
        guard !needsDisplay else { return }
        needsDisplay = true
        Task { @MainActor [weak self] in self?.drawIfNeeded() }
    }

    func drawIfNeeded() {
        if needsDisplay { draw() }
    }

    /// Why frames are held. Each is held and released by its own owner, so
    /// one release cannot end another's hold: the start's first-frame
    /// deadline, coming while `$PAGER` has the terminal, must neither draw
    /// over the pager nor leave the screen undrawn after it.
    enum Hold: Hashable {
        /// The first frame waits (for the service's OpenAPI document).
        case start
        /// Another program (`$PAGER`, `$EDITOR`) has the terminal.
        case outside
        /// Another service's screens are shown (`:service`, `:env`).
        case suspended
    }

    /// Holds every frame, for `reason`, until ``release(_:)`` of the same reason.
    func hold(_ reason: Hold) {
        holds.insert(reason)
    }

    /// Ends the hold for `reason`; when no other holds remain, draws the
    /// frame asked for meanwhile, or the first.
    func release(_ reason: Hold) {
        guard holds.remove(reason) != nil, holds.isEmpty else { return }
        draw()
    }

    /// Draws a frame now (once released, when held); a stopped scheduler
    /// (its router replaced) never draws again, so a frame asked for before
    /// the stop cannot cover the screens that replaced it.
    func draw() {
        guard !isStopped else { return }
        guard holds.isEmpty else {
            needsDisplay = true
            return
        }
        needsDisplay = false
        drawFrame(tick)
        frameCount += 1
        let ready = waiters
        waiters = []
        ready.forEach { $0.resume() }
        animateWhileBusy()
    }

    /// Waits until the next frame has been drawn, or the scheduler stopped.
    func nextFrame() async {
        guard !isStopped else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Stops the animation (quitting, or the router replaced); whoever waits
    /// for a next frame stops waiting: none will come.
    func stop() {
        isStopped = true
        animation?.cancel()
        let stopped = waiters
        waiters = []
        stopped.forEach { $0.resume() }
    }

    /// While anything loads, one more frame in 100 ms, the spinner a step on.
    private func animateWhileBusy() {
        guard isBusy(), animation == nil else { return }
        animation = Task { @MainActor [weak self] in
            guard (try? await Task.sleep(for: .milliseconds(100))) != nil, let self else { return }
            self.animation = nil
            self.tick &+= 1
            self.draw()
        }
    }
}
