import Foundation
import Translations

/// The inspector's table as a value: the requests (newest first) and the
/// cursor, which stays on its request as new ones arrive above it.
struct InspectorState: Equatable, Sendable {
    private(set) var requests: [RequestEntity]
    private(set) var cursor = 0
    /// Whose requests: this run's (`I`), or those kept for this service (`:history`).
    enum Scope: Equatable, Sendable {
        case thisRun, kept
    }

    var scope = Scope.thisRun

    init(requests: [RequestEntity], scope: Scope = .thisRun) {
        self.requests = requests
        self.scope = scope
    }

    /// The request under the cursor, if any.
    var current: RequestEntity? { requests.indices.contains(cursor) ? requests[cursor] : nil }

    /// Puts the cursor on `row` (kept on the table).
    mutating func move(to row: Int) {
        cursor = min(max(0, row), max(0, requests.count - 1))
    }

    /// The journal changed: shows `requests`, the cursor on the request it
    /// was on (or the first one, if that one is gone).
    mutating func update(_ requests: [RequestEntity]) {
        let selected = current?.id
        self.requests = requests
        cursor = selected.flatMap { id in requests.firstIndex { $0.id == id } } ?? 0
        move(to: cursor)
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
