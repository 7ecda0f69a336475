/// A screen's state as a value, changed one event at a time: the shape the
/// list's and the record detail's states (and the list's child states)
/// share.
///
/// `apply(_:)` is a pure transition: it changes `self` and returns the work
/// to do as `Effect` values, which the presenter runs (through an
/// `EffectRunner`) and whose results come back as events. The events and
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
