import Foundation
import JSON
import Services
import TerminalUI
import TestSupport

@testable import Modules

/// `count` todos, ids 1…count; the ones in `needles` are titled "needle N".
func todoRecords(_ count: Int, needles: ClosedRange<Int>? = nil) -> [JSONValue] {
    (1...count).map { id in
        let title = needles?.contains(id) == true ? "needle \(id)" : "hay \(id)"
        return ["userId": .int((id - 1) / 10 + 1), "id": .int(id), "title": .string(title), "completed": false]
    }
}

extension ResourceDescriptor {
    /// Todos paged in `size` records at a time.
    static func todos(pageSize size: Int) -> ResourceDescriptor {
        var descriptor = ResourceDescriptor.todos
        descriptor.pageSize = size
        return descriptor
    }
}

/// A fixed "now" for state tests, and times relative to it.
let testNow = Date(timeIntervalSince1970: 1_700_000_000)

extension ListPage {
    /// `records` as the interactor would hand them over.
    static func of(
        _ records: [JSONValue], total: Int?, resource: ResourceDescriptor = .todos, fetchedAt: Date = testNow,
        origin: DataOrigin = .network
    ) -> Self {
        Self(
            records: records.map { RecordEntity($0, of: resource) }, totalCount: total, fetchedAt: fetchedAt,
            origin: origin)
    }
}

extension ResourceListEvent {
    /// The watched first page came with `records` (and its load is over).
    static func firstPage(
        _ records: [JSONValue], total: Int?, resource: ResourceDescriptor = .todos, fetchedAt: Date = testNow,
        origin: DataOrigin = .network, error: ServiceError? = nil
    ) -> Self {
        .firstPageUpdated(
            .init(
                page: .of(records, total: total, resource: resource, fetchedAt: fetchedAt, origin: origin),
                hasData: true, error: error, isLoading: false))
    }
}

extension ResourceListState {
    /// A list of `resource` that started and got `records` as its first page.
    static func loaded(
        _ records: [JSONValue] = Fixtures.todoRecords, total: Int? = nil, resource: ResourceDescriptor = .todos,
        filters: [ListQuery.Filter] = []
    ) -> ResourceListState {
        var state = ResourceListState(resource: resource, filters: filters)
        _ = state.apply(.start)
        _ = state.apply(.firstPage(records, total: total ?? records.count, resource: resource))
        return state
    }

    /// The ids of the rows shown, in order.
    var ids: [String] { visible.map { records[$0].id } }

    /// The query of page `page` the list would send as it stands.
    func expectedQuery(page: Int?, sort: ListQuery.SortKey? = nil, search: String? = nil) -> ListQuery {
        ListQuery.listing(of: resource, filters: filters, page: page, sort: sort, search: search)
    }

    /// Presses `key` as the presenter does (through the key map, with the
    /// default bindings) and returns the effects; a new record's
    /// placeholder id is `new-test`.
    @discardableResult
    mutating func press(_ key: Key) -> [ResourceListEffect] {
        switch ResourceListKeyMap.outcome(for: key, in: self, bindings: .defaults) {
        case .event(let event): return apply(event)
        case .newRecord: return apply(.new(placeholderID: "new-test"))
        case .stopLoading: return apply(.stopLoading(received: 0))
        case .columnKey(let action): return apply(.columnKey(action, drawnWidth: nil, pickKey: "s"))
        case .open, .copy, .frequency, .handled, .unhandled: return []
        }
    }

    /// What `key` means now, without applying it (`received`: bytes of the
    /// answers in flight).
    func outcome(of key: Key, received: Int = 0) -> ResourceListKeyOutcome {
        ResourceListKeyMap.outcome(for: key, in: self, bindings: .defaults, received: received)
    }

    /// Types `text` key by key; returns the effects of the last key.
    @discardableResult
    mutating func type(_ text: String) -> [ResourceListEffect] {
        var effects: [ResourceListEffect] = []
        for character in text { effects = press(.char(character)) }
        return effects
    }

    /// Draws the list as the presenter does: says the size first when it changed.
    @MainActor
    mutating func screen(_ size: Size = Size(rows: 12, cols: 70)) -> InMemoryTerminal {
        let terminal = InMemoryTerminal(size: size)
        let rect = Rect(size: size)
        if area != rect { _ = apply(.resized(rect)) }
        let model = viewModel(in: rect)
        ResourceListView.draw(model, on: terminal, in: rect, theme: .builtinDefault, tick: 0)
        return terminal
    }

    var status: ScreenStatus { status(now: testNow) }
}
