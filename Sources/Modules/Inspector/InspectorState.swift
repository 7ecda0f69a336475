import Foundation
import TerminalUI
import Translations

/// The inspector's table as a value: the requests (newest first), the
/// cursor, which stays on its request as new ones arrive above it, and the
/// scroll. The table of both the inspector and `:history`, each holding it
/// through a `Scope`; it asks for no work.
struct InspectorState: ScreenState, Equatable, Sendable {
    enum Event: Equatable, Sendable {
        /// The requests to show now (the journal changed, the history was read).
        case update([RequestEntity])
        /// The cursor to row `row`.
        case move(to: Int)
        /// The screen's body is `rect`.
        case resized(Rect)
    }

    private(set) var requests: [RequestEntity]
    /// The cursor and the first row shown.
    private(set) var scroll = TableScroll()
    var cursor: Int { scroll.cursor }
    /// Whose requests: this run's (`I`), or those kept for this service (`:history`).
    enum Kind: Equatable, Sendable {
        case thisRun, kept
    }

    var scope = Kind.thisRun

    init(requests: [RequestEntity], scope: Kind = .thisRun) {
        self.requests = requests
        self.scope = scope
    }

    /// The request under the cursor, if any.
    var current: RequestEntity? { requests.indices.contains(cursor) ? requests[cursor] : nil }

    mutating func apply(_ event: Event) -> [Never] {
        switch event {
        case .update(let requests): update(requests)
        case .move(let row): move(to: row)
        case .resized(let rect):
            scroll.resize(
                visibleRows: TableScroll.bodyRows(inTable: InspectorView.table(in: rect)), count: requests.count)
        }
        return []
    }

    /// Puts the cursor on `row` (kept on the table).
    mutating func move(to row: Int) {
        scroll.move(to: row, count: requests.count)
    }

    /// The journal changed: shows `requests`, the cursor on the request it
    /// was on (or the first one, if that one is gone).
    mutating func update(_ requests: [RequestEntity]) {
        let selected = current?.id
        self.requests = requests
        move(to: selected.flatMap { id in requests.firstIndex { $0.id == id } } ?? 0)
    }

    /// The title line: how many requests, and that the oldest are dropped.
    var title: String {
        switch scope {
        case .thisRun: Texts.Inspector.count(count: requests.count)
        case .kept: Texts.Inspector.kept(count: requests.count)
        }
    }

    /// One row of the table: time, method, path+query, status, how, ms, bytes.
    static func cells(_ request: RequestEntity, timeZone: TimeZone = .current) -> [String] {
        [
            time(request.startedAt, timeZone: timeZone), request.method, request.target,
            request.status.map(String.init) ?? Texts.Inspector.failed, request.answer.rawValue,
            String(request.milliseconds),
            String(request.bytes),
        ]
    }

    /// `14:02:03` in `timeZone`.
    static func time(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
