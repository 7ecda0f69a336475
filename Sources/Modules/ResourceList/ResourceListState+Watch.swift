import Foundation
import Services
import Translations

/// `:watch 5`: the first page is fetched again every interval (a
/// conditional request, so an unchanged list costs a 304). Rows that
/// changed since the fetch before are marked until the cursor visits them.
///
/// The next fetch is scheduled only when the last one finished, so one
/// list never has two watch fetches in flight. Leaving the screen stops
/// the timer; showing it again starts it again (the interval is kept).
extension ResourceListState {
    /// `watch 5s` for the status bar while watching.
    var watchLabel: String? {
        watchInterval.map { Texts.Watch.label(seconds: Int($0.components.seconds)) }
    }

    mutating func setWatch(_ interval: Duration?) -> [ResourceListEffect] {
        watchInterval = interval
        guard let interval else {
            changedIDs = []
            return [.cancelWatch]
        }
        // A fetch in flight reschedules when it finishes.
        return isWatchFetching ? [] : [.scheduleWatch(after: interval)]
    }

    mutating func watchTimerFired() -> [ResourceListEffect] {
        guard watchInterval != nil, isObserving, !isWatchFetching else { return [] }
        isWatchFetching = true
        return [.revalidate(query(page: 1))]
    }

    mutating func watchFetchFinished() -> [ResourceListEffect] {
        isWatchFetching = false
        guard let watchInterval, isObserving else { return [] }
        return [.scheduleWatch(after: watchInterval)]
    }

    /// The screen shows again: watching goes on.
    mutating func resumeWatch() -> [ResourceListEffect] {
        guard let watchInterval, !isWatchFetching else { return [] }
        return [.scheduleWatch(after: watchInterval)]
    }

    /// While watching, the ids of `fresh` records that are new or differ
    /// from the records shown before are marked (none on the first load).
    mutating func markChanges(in fresh: [RecordEntity]) {
        guard watchInterval != nil, !records.isEmpty else { return }
        var before: [String: RecordEntity] = [:]
        before.reserveCapacity(records.count)
        for record in records where record.hasID { before[record.id] = record }
        for record in fresh where record.hasID && before[record.id]?.json != record.json {
            changedIDs.insert(record.id)
        }
    }

    /// The cursor visited the row under it: its mark goes.
    mutating func visitCurrent() {
        guard !changedIDs.isEmpty, let current else { return }
        changedIDs.remove(current.id)
    }
}
