import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// Issue 39 item 4 without a terminal: `:columns` and the column keys
/// arrange the list's columns, a view keeps columns, sort, filter and
/// watch, and the default view is the described (configured) columns.
@MainActor
@Suite("Resource list state: columns and views")
struct ColumnsAndViewsStateTests {
    private func fields(_ state: ResourceListState) -> [String] { state.shownColumns.map(\.field) }

    /// Todos whose records hold a nested author.
    private static let authored: [JSONValue] = (1...3).map { id in
        [
            "id": .int(id), "title": .string("post \(id)"),
            "author": ["name": .string("Writer \(id)"), "address": ["city": .string("Town \(id)")]],
        ]
    }

    @Test func hideShowAndTheLastColumnStays() {
        var state = ResourceListState.loaded()
        #expect(fields(state) == ["id", "completed", "title", "userId"])
        _ = state.apply(.arrangeColumns(.hide("userId")))
        #expect(fields(state) == ["id", "completed", "title"])
        #expect(state.message?.text.contains("userId") == true)
        // A title without spaces names a column too, in any case.
        _ = state.apply(.arrangeColumns(.hide("done")))
        #expect(fields(state) == ["id", "title"])
        #expect(state.columnsLine.contains("id, title"))
        #expect(state.columnsLine.contains("completed, userId"))
        _ = state.apply(.arrangeColumns(.show("userId")))
        #expect(fields(state) == ["id", "title", "userId"])
        _ = state.apply(.arrangeColumns(.hide("title")))
        _ = state.apply(.arrangeColumns(.hide("userId")))
        _ = state.apply(.arrangeColumns(.hide("id")))
        #expect(fields(state) == ["id"], "the last shown column stays")
        #expect(state.message?.severity == .warning)
        _ = state.apply(.arrangeColumns(.hide("nosuch")))
        #expect(state.message?.severity == .error)
        _ = state.apply(.arrangeColumns(.showAll))
        #expect(fields(state) == ["id", "completed", "title", "userId"])
        // The hidden column is not drawn.
        _ = state.apply(.arrangeColumns(.hide("title")))
        let screen = state.screen()
        #expect(!screen.contains("buy milk"))
        #expect(screen.contains("User"))
    }

    @Test func moveAndWidthKeepTheSortOnItsField() {
        var state = ResourceListState.loaded()
        let effects = state.apply(.arrangeColumns(.move("title", to: 1)))
        #expect(effects.isEmpty, "nothing reloads")
        #expect(fields(state) == ["title", "id", "completed", "userId"])
        #expect(state.sortedField == "id")
        #expect(state.shownSortColumn == 1)
        _ = state.apply(.arrangeColumns(.move("title", to: 99)))
        #expect(fields(state) == ["id", "completed", "userId", "title"])
        _ = state.apply(.arrangeColumns(.width("title", 30)))
        #expect(state.resource.columns.last?.preferences.width == 30)
        #expect(state.columnSetup.widths == ["title": 30])
    }

    @Test func theKeysActOnTheSortedColumn() {
        var state = ResourceListState.loaded()
        // `s` picks `completed` (after id); `>` moves it right, `]` widens it, `-` hides it.
        state.press(.char("s"))
        #expect(state.sortedField == "completed")
        state.press(.char(">"))
        #expect(fields(state) == ["id", "title", "completed", "userId"])
        state.press(.char("<"))
        state.press(.char("<"))
        #expect(fields(state) == ["completed", "id", "title", "userId"])
        state.press(.char("]"))
        // Without a frame drawn: from its name's width; with one, from the cells it is drawn at.
        #expect(state.columnSetup.widths["completed"] == "completed".count + ResourceListState.widthStep)
        _ = state.apply(.columnKey(.narrowColumn, drawnWidth: 6, pickKey: "s"))
        #expect(state.columnSetup.widths["completed"] == 6 - ResourceListState.widthStep)
        state.press(.char("-"))
        #expect(fields(state) == ["id", "title", "userId"])
        // The sorted column is hidden: the keys say to pick another; `s` skips hidden columns.
        state.press(.char("-"))
        #expect(state.message?.severity == .warning)
        state.press(.char("s"))
        #expect(state.sortedField == "id")
        state.press(.char("+"))
        #expect(fields(state).count == 4)
    }

    @Test func aNestedPathBecomesAColumn() {
        let resource = ResourceDescriptor(name: "posts", columns: [.init("id"), .init("title")])
        var state = ResourceListState.loaded(Self.authored, resource: resource)
        #expect(state.nestedPaths == ["author.name", "author.address.city"])
        _ = state.apply(.arrangeColumns(.add("author.name")))
        #expect(fields(state) == ["id", "title", "author.name"])
        #expect(state.screen(Size(rows: 8, cols: 60)).contains("Writer 2"))
        _ = state.apply(.arrangeColumns(.add("author..name")))
        #expect(state.message?.severity == .error)
        _ = state.apply(.arrangeColumns(.add("author.name")))
        #expect(state.message?.severity == .warning)
    }

    @Test func aViewKeepsColumnsSortFilterAndWatchAndTheDefaultGoesBack() {
        var state = ResourceListState.loaded()
        _ = state.apply(.arrangeColumns(.hide("userId")))
        _ = state.apply(.arrangeColumns(.move("title", to: 1)))
        _ = state.apply(.sortReverse)
        _ = state.apply(.setFilter("bank"))
        _ = state.apply(.watch(.set(.seconds(5))))
        let view = state.view(named: "mine")
        #expect(
            view
                == SavedListView(
                    name: "mine",
                    columns: .init(order: ["title", "id", "completed", "userId"], hidden: ["userId"]),
                    sortField: "id", sortDescending: true, filter: "bank", watchSeconds: 5))

        var fresh = ResourceListState.loaded()
        let effects = fresh.apply(.applyView(view))
        #expect(fields(fresh) == ["title", "id", "completed"])
        #expect(fresh.sortDescending && fresh.sortedField == "id")
        #expect(fresh.filterText == "bank" && fresh.ids == ["4"])
        #expect(fresh.watchInterval == .seconds(5))
        #expect(effects.contains(.scheduleWatch(after: .seconds(5))))
        #expect(fresh.message?.text.contains("mine") == true)

        _ = fresh.apply(.applyView(nil))
        #expect(fields(fresh) == ["id", "completed", "title", "userId"])
        #expect(fresh.filterText.isEmpty && !fresh.sortDescending && fresh.watchInterval == nil)
    }

    @Test func aViewOfColumnsTheListNoLongerHasKeepsTheRest() {
        var state = ResourceListState.loaded()
        let view = SavedListView(
            name: "old", columns: .init(order: ["gone", "title"], hidden: ["gone", "id"], widths: ["gone": 9]))
        _ = state.apply(.applyView(view))
        #expect(fields(state) == ["title", "completed", "userId"])
    }

    @Test func theColumnKeysAreBoundRebindableAndInHelp() throws {
        let state = ResourceListState.loaded()
        let help = state.help(.defaults).flatMap(\.entries).map(\.keys).joined(separator: " ")
        #expect(help.contains("- + < > [ ]"))
        #expect(state.help(.defaults).flatMap(\.entries).contains { $0.description.contains(":view") })
        // Rebinding: the clash check covers the new actions.
        #expect(throws: KeyBindingError.self) { try KeyBindings(overrides: ["hideColumn": ["s"]]) }
        let rebound = try KeyBindings(overrides: ["hideColumn": ["x"]])
        #expect(rebound.action(for: .char("x")) == .hideColumn)
        #expect(rebound.action(for: .char("-")) == nil)
    }
}
