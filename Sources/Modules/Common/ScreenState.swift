/// A screen's state as a value, changed one event at a time: the shape
/// every screen's state has (and the child states a parent composes
/// through a `Scope`).
///
/// `apply(_:)` is a pure transition (the screen's reducer): it changes
/// `self` and returns the work to do as `Effect` values, which the
/// presenter runs (through an `EffectRunner`, under cancellation ids) and
/// whose results come back as events; the layout comes in as an event
/// (`.resized`), and the view draws the state without changing it. The events and
/// effects of a screen are top-level enums named after it
/// (`ResourceListEvent`, `RecordDetailEffect`).
protocol ScreenState {
    /// What can happen: an intent of the user or a result of async work.
    associatedtype Event
    /// Work a transition asks for.
    associatedtype Effect

    /// The transition for `event`: the new state is `self`, the work to do is returned.
    mutating func apply(_ event: Event) -> [Effect]
}
