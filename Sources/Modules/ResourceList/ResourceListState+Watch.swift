import Foundation
import Services
import Translations

/// `:watch 5`: the first page is fetched again every interval (a
/// conditional request, so an unchanged list costs a 304). Rows that
/// changed since the fetch before are marked until the cursor visits them.
///
/// The child state `ListWatch` decides; the parent reduces it through its
/// scope (``ResourceListState/watchScope``). Leaving the screen stops the timer; showing it again
/// starts it again (the interval is kept).
extension ResourceListState {
    // What the child holds, as the rest of the list reads it.
    var watchInterval: Duration? { watch.interval }
    var isWatchFetching: Bool { watch.isFetching }
    var changedIDs: Set<String> { watch.changedIDs }

    /// `watch 5s` for the status bar while watching.
    var watchLabel: String? {
        watchInterval.map { Texts.Watch.label(seconds: Int($0.components.seconds)) }
    }

    /// While watching, the ids of `fresh` records that are new or differ
    /// from the records shown before are marked (none on the first load).
    mutating func markChanges(in fresh: [RecordEntity]) {
        guard watchInterval != nil, !records.isEmpty else { return }
        var before: [String: RecordEntity] = [:]
        before.reserveCapacity(records.count)
        for record in records where record.hasID { before[record.id] = record }
        let changed = fresh.lazy.filter { $0.hasID && before[$0.id]?.json != $0.json }.map(\.id)
        if !changed.isEmpty { _ = watch(.changed(Set(changed))) }
    }

    /// The cursor visited the row under it: its mark goes.
    mutating func visitCurrent() {
        guard !changedIDs.isEmpty, let current else { return }
        _ = watch(.visited(current.id))
    }
}
