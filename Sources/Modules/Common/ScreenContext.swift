import Foundation

/// What every module gets from the app besides its services: a way to ask
/// for a redraw when async work finishes, the time, and the key map.
public struct ScreenContext: Sendable {
    /// Schedules a redraw (coalesced by the app).
    public let setNeedsDisplay: @MainActor @Sendable () -> Void
    /// The current time (injected so tests control ages like "cached 5 min ago").
    public let now: @Sendable () -> Date
    /// Which key does what (defaults, or the config file's `keys:`).
    public let bindings: KeyBindings

    public init(
        setNeedsDisplay: @escaping @MainActor @Sendable () -> Void,
        now: @escaping @Sendable () -> Date = Date.init, bindings: KeyBindings = .defaults
    ) {
        self.setNeedsDisplay = setNeedsDisplay
        self.now = now
        self.bindings = bindings
    }
}
