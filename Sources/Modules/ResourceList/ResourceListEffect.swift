import JSON
import Services

/// Work a transition of `ResourceListState` asks for; the presenter runs it
/// through the interactor and feeds the result back as a `ResourceListEvent`.
///
/// Plain values, so a test can assert what a transition asked for without
/// running anything.
enum ResourceListEffect: Equatable, Sendable {
    /// Watch the first page of `query` (replacing any watch and any page
    /// loading), and load it: always when `force`, else if missing or stale.
    /// Results: `.firstPageUpdated`.
    case observe(ListQuery, force: Bool)
    /// Load page `number` of `query`. Results: `.morePageArrived`, `.pages(.moreFailed)`.
    case loadPage(Int, ListQuery)
    /// Load page `number` of a windowed list, beside the others loading.
    /// Results: `.windowPageArrived`, `.pages(.windowPageFailed)`.
    case loadWindowPage(Int, ListQuery)
    /// Cancel the loads of window pages other than these (no longer on screen).
    case keepWindowPages(Set<Int>)
    /// Cancel the further page loading (not the watched first page).
    case cancelPageLoad
    /// Send `.filterSort(.searchPaused)` after `delay`, replacing any earlier schedule
    /// (the server is searched a moment after the last keystroke).
    case scheduleSearch(after: Duration)
    /// Forget the scheduled server search.
    case cancelSearch
    /// Send `.watchTimerFired` after `after`, replacing any earlier schedule.
    case scheduleWatch(after: Duration)
    /// Forget the watch timer (and the watch fetch's result).
    case cancelWatch
    /// Fetch the first page of `query` again, conditionally (`If-None-Match`);
    /// the answer reaches the watched page. Result: `.watchFetchFinished`.
    case revalidate(ListQuery)
    /// Stop watching the first page and loading further pages.
    case cancelLoading
    /// Write `fields` to record `id`. Results: `.writes(.answered(.updateConfirmed / .updateRefused))`.
    case update(id: String, fields: JSONObject)
    /// Create a record of `fields`, shown meanwhile as `placeholderID`.
    /// Results: `.writes(.answered(.createConfirmed / .createRefused))`.
    case create(placeholderID: String, fields: JSONObject)
    /// Delete record `id`. Results: `.writes(.answered(.deleteConfirmed / .deleteRefused))`.
    case delete(id: String)
    /// Ask the service which methods record `id` takes (a collection
    /// nobody described, at its first write key). Result: `.writesAnswered`.
    case askWrites(id: String)
    /// The user typed `yes` to a production write: no screen asks again this run.
    case allowWrites
    /// A search is coming (the filter prompt opened): let the service get ready for it.
    case prepareSearch
}
