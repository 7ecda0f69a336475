/// `:watch 5` on the list: a child state of `ResourceListState`. It holds
/// the interval, whether a watch fetch is in flight, and the rows a fetch
/// changed until the cursor visits them; it schedules the next fetch only
/// when the last finished, so one list never has two in flight.
///
/// The parent sends its events here (with what it alone knows: whether
/// the first page is watched, which ids changed) through its scope
/// (``ResourceListState/watchScope``), which maps the effects.
struct ListWatch: ScreenState, Equatable, Sendable {
    enum Event: Equatable, Sendable {
        /// `:watch 5`, or `nil` for `:watch off`.
        case set(Duration?)
        /// The interval is over; `observing`: the first page is watched.
        case timerFired(observing: Bool)
        /// The watch fetch finished.
        case fetchFinished(observing: Bool)
        /// The screen shows again: watching goes on.
        case resumed
        /// The screen left the stack: the timer stops, the interval is kept.
        case screenLeft
        /// Esc stopped the loading: watching stops.
        case stopped
        /// A watch fetch brought these records new or changed.
        case changed(Set<String>)
        /// The cursor visited the record `id`: its mark goes.
        case visited(String)
    }

    enum Effect: Equatable, Sendable {
        /// Send the timer's event after `after`, replacing any earlier schedule.
        case schedule(after: Duration)
        /// Forget the timer (and the watch fetch's result).
        case cancel
        /// Fetch the first page again, conditionally.
        case revalidate
    }

    /// How often the first page is fetched again, or `nil` when not watching.
    private(set) var interval: Duration?
    /// A watch fetch is in flight (the next is scheduled when it finishes).
    private(set) var isFetching = false
    /// Records changed by the last watch fetches, until the cursor visits them.
    private(set) var changedIDs: Set<String> = []

    mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .set(let interval):
            self.interval = interval
            guard let interval else {
                changedIDs = []
                return [.cancel]
            }
            // A fetch in flight reschedules when it finishes.
            return isFetching ? [] : [.schedule(after: interval)]
        case .timerFired(let observing):
            guard interval != nil, observing, !isFetching else { return [] }
            isFetching = true
            return [.revalidate]
        case .fetchFinished(let observing):
            isFetching = false
            guard let interval, observing else { return [] }
            return [.schedule(after: interval)]
        case .resumed:
            guard let interval, !isFetching else { return [] }
            return [.schedule(after: interval)]
        case .screenLeft, .stopped:
            let watching = interval != nil || isFetching
            isFetching = false
            if event == .stopped { interval = nil }
            return watching ? [.cancel] : []
        case .changed(let ids):
            changedIDs.formUnion(ids)
            return []
        case .visited(let id):
            changedIDs.remove(id)
            return []
        }
    }
}
