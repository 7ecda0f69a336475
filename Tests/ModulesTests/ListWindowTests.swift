import Foundation
import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// A list of any length as transitions: a windowed list (its total known)
/// asks only for the pages under the screen and keeps a bounded number; a
/// list that pages only forward walks to its end on `G`.
@MainActor
@Suite("Resource list state: a window over a long collection")
struct ListWindowTests {
    let paged = ResourceDescriptor.todos(pageSize: 500)
    let total = 200_000

    /// Todos `range` (0-based rows; ids are rows + 1), as one page.
    private func page(_ range: Range<Int>, total: Int?) -> ListPage {
        .of(Self.todos(range), total: total, resource: paged)
    }

    static func todos(_ range: Range<Int>) -> [JSONValue] {
        range.map { row in
            [
                "userId": .int(row / 10 + 1), "id": .int(row + 1), "title": .string("todo \(row + 1)"),
                "completed": false,
            ]
        }
    }

    /// A list of `total` todos whose first page came, laid out 20 rows high.
    private func windowed() -> ResourceListState {
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Self.todos(0..<500), total: total, resource: paged))
        _ = state.apply(.resized(Rect(row: 1, col: 0, height: 21, width: 80)))
        return state
    }

    /// Row `row`'s page came, as the effects asked.
    private func deliver(_ effects: [ResourceListEffect], to state: inout ResourceListState) {
        for case .loadWindowPage(let number, _) in effects {
            let start = (number - 1) * 500
            _ = state.apply(.windowPageArrived(number, page(start..<min(total, start + 500), total: total)))
        }
    }

    @Test func aLongListIsAsLongAsItsTotalFromTheFirstPage() {
        var state = windowed()
        #expect(state.window != nil)
        #expect(state.rowCount == total)
        #expect(state.status.count == "200,000")
        // The screen's rows are the first page's: nothing more is asked for.
        #expect(state.press(.char("j")).isEmpty)
        #expect(state.current?.id == "2")
    }

    @Test func gAsksForTheLastPageOnlyAndShowsItsLastRecord() {
        var state = windowed()
        let effects = state.press(.char("G"))
        #expect(effects == [.loadWindowPage(400, state.expectedQuery(page: 400))])
        #expect(state.cursor == total - 1)
        // A placeholder until its page comes.
        #expect(state.current == nil)
        #expect(state.screen().contains("…"))
        #expect(state.status.isLoading)
        deliver(effects, to: &state)
        #expect(state.current?.id == "200000")
        #expect(state.screen().contains("todo 200000"))
        #expect(!state.status.isLoading)
    }

    @Test func aCountBeforeGJumpsToThatRowAndAPercentThatFarDown() {
        var state = windowed()
        state.type("100000")
        let effects = state.press(.char("G"))
        #expect(state.cursor == 99_999)
        #expect(effects.contains(.loadWindowPage(200, state.expectedQuery(page: 200))))
        deliver(effects, to: &state)
        #expect(state.current?.id == "100000")

        state.type("25")
        deliver(state.press(.char("%")), to: &state)
        #expect(state.cursor == (total - 1) / 4)
        #expect(state.current?.id == String((total - 1) / 4 + 1))
        // The count is spent: G alone goes to the end.
        state.press(.char("G"))
        #expect(state.cursor == total - 1)
    }

    @Test func aJumpCancelsThePagesNoLongerOnScreen() {
        var state = windowed()
        _ = state.press(.char("G"))
        let effects = state.apply(.jump(to: 50_100))
        #expect(effects.first == .keepWindowPages([101]))
        #expect(effects.contains(.loadWindowPage(101, state.expectedQuery(page: 101))))
        // The last page's answer, no longer wanted, is dropped.
        _ = state.apply(.windowPageArrived(400, page(199_500..<200_000, total: total)))
        #expect(state.window?.pages[400] == nil)
    }

    @Test func fiftyFarPagesLeaveNoMoreThanTheBoundHeld() {
        var state = windowed()
        var asked: [Int] = []
        for hop in 0..<50 {
            let row = (hop * 7_919) % total
            let effects = state.apply(.jump(to: row))
            for case .loadWindowPage(let number, _) in effects { asked.append(number) }
            deliver(effects, to: &state)
            #expect(state.current?.id == String(state.cursor + 1))
            #expect((state.window?.pages.count ?? 0) <= ListWindow.pagesKept)
        }
        #expect(asked.count >= 40)
        // A page visited again after it was dropped is asked again.
        let first = state.apply(.jump(to: 0))
        #expect(state.current?.id == "1" || first.contains(.loadWindowPage(1, state.expectedQuery(page: 1))))
    }

    @Test func aSortOnAWindowedListGoesToTheServerAndWindowsAgain() {
        var state = windowed()
        _ = state.press(.char("G"))
        let effects = state.press(.char("S"))
        let sort = ListQuery.SortKey("id", descending: true)
        #expect(effects == [.observe(state.expectedQuery(page: 1, sort: sort), force: false)])
        #expect(state.window == nil)
        #expect(state.cursor == 0)
        let descending = Array(Self.todos(199_500..<200_000).reversed())
        _ = state.apply(.firstPage(descending, total: total, resource: paged))
        #expect(state.window != nil)
        #expect(state.current?.id == "200000")
    }

    /// A short list loads page after page as the cursor nears the end;
    /// one `G` makes it a window as long as the total (issue 37 item 4):
    /// the page loading is cancelled, the cursor is on the last row (a
    /// placeholder) and only the last page is asked for.
    @Test func aShortListLoadsAsItScrollsAndOneGMakesItAWindow() {
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Self.todos(0..<500), total: 1_500, resource: paged))
        #expect(state.window == nil)
        #expect(state.apply(.jump(to: 499)) == [.loadPage(2, state.expectedQuery(page: 2))])
        #expect(
            state.press(.char("G")) == [.cancelPageLoad, .loadWindowPage(3, state.expectedQuery(page: 3))])
        #expect(state.window?.total == 1_500)
        #expect(state.cursor == 1_499)
        #expect(state.current == nil)
        // Page 2's answer, asked before `G`, is not taken.
        _ = state.apply(.morePageArrived(2, .of(Self.todos(500..<1_000), total: 1_500, resource: paged)))
        #expect(state.window?.record(at: 500) == nil)
        _ = state.apply(.windowPageArrived(3, .of(Self.todos(1_000..<1_500), total: 1_500, resource: paged)))
        #expect(state.current?.id == "1500")
        #expect(state.row(0)?.id == "1")
    }

    /// `NG` and `N%` past the loaded rows of a list of known total make it
    /// a window too: the cursor gets there, only the page under it is asked.
    @Test func aJumpPastTheLoadedRowsMakesAShortListAWindow() {
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Self.todos(0..<500), total: 1_500, resource: paged))
        #expect(state.apply(.jump(to: 1_199)) == [.loadWindowPage(3, state.expectedQuery(page: 3))])
        #expect(state.cursor == 1_199)
        var percent = ResourceListState(resource: paged, filters: [])
        _ = percent.apply(.start)
        _ = percent.apply(.firstPage(Self.todos(0..<500), total: 1_500, resource: paged))
        #expect(percent.apply(.jumpPercent(50)) == [.loadWindowPage(2, percent.expectedQuery(page: 2))])
        #expect(percent.cursor == 749)
        // Within the loaded rows a jump stays a jump.
        var near = ResourceListState(resource: paged, filters: [])
        _ = near.apply(.start)
        _ = near.apply(.firstPage(Self.todos(0..<500), total: 1_500, resource: paged))
        _ = near.apply(.jump(to: 10))
        #expect(near.window == nil)
    }

    @Test func theScrollIndicatorShowsWhereTheScreenIsAndAClickThereJumps() {
        var state = windowed()
        let top = state.screen(Size(rows: 22, cols: 80))
        #expect(top.contains("█"))
        let effects = state.apply(.jump(to: 0))
        #expect(effects.isEmpty)
        let outcome = state.outcome(of: .mouse(MouseEvent(kind: .click, row: 21, col: 79)))
        guard case .event(.jump(let row)) = outcome else {
            Issue.record("a click on the indicator: \(outcome)")
            return
        }
        #expect(row > total / 2)
    }

    // MARK: - Forward only

    @Test func gOnAListWithoutATotalWalksToTheEndSayingHowFarAndEscStops() {
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Self.todos(0..<500), total: nil, resource: paged))
        #expect(state.window == nil)
        #expect(state.press(.char("G")) == [.loadPage(2, state.expectedQuery(page: 2))])
        #expect(state.isWalking)
        #expect(state.message?.text == "paging 500 of ?… (Esc stops)")
        #expect(
            state.apply(.morePageArrived(2, page(500..<1_000, total: nil))) == [
                .loadPage(3, state.expectedQuery(page: 3))
            ])
        #expect(state.cursor == 999)
        #expect(state.message?.text == "paging 1000 of ?… (Esc stops)")
        #expect(state.press(.escape) == [.cancelPageLoad])
        #expect(!state.isWalking)
        #expect(state.records.count == 1_000)
        // A page that comes after Esc is not taken.
        #expect(state.apply(.morePageArrived(3, page(1_000..<1_500, total: nil))).isEmpty)
        #expect(state.records.count == 1_000)

        // G again goes on, to a short page that ends the list.
        #expect(state.press(.char("G")) == [.loadPage(3, state.expectedQuery(page: 3))])
        #expect(state.apply(.morePageArrived(3, page(1_000..<1_200, total: nil))).isEmpty)
        #expect(!state.isWalking)
        #expect(state.cursor == 1_199)
        #expect(state.message == nil)
    }
}

extension ListWindowTests {
    @Test func aLongWalkWithoutATotalKeepsOnlyTheLastPagesAndEndsAtAShortPage() {
        var state = ResourceListState(resource: paged, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.firstPage(Self.todos(0..<500), total: nil, resource: paged))
        _ = state.apply(.resized(Rect(row: 1, col: 0, height: 22, width: 80)))
        var effects = state.press(.char("G"))
        var pages = 1
        while let effect = effects.first(where: { effect in
            switch effect {
            case .loadPage, .loadWindowPage: return true
            default: return false
            }
        }) {
            pages += 1
            #expect(pages <= 40, "the walk did not end")
            if pages > 40 { return }
            let rows = (pages - 1) * 500..<(pages == 40 ? (pages - 1) * 500 + 123 : pages * 500)
            switch effect {
            case .loadPage(let number, _):
                #expect(number == pages)
                effects = state.apply(.morePageArrived(number, page(rows, total: nil)))
            case .loadWindowPage(let number, _):
                #expect(number == pages)
                effects = state.apply(.windowPageArrived(number, page(rows, total: nil)))
            default: return
            }
            #expect(state.cursor == rows.upperBound - 1)
            #expect((state.window?.pages.count ?? pages) <= ListWindow.pagesKept)
            #expect(state.records.count <= ListWindow.pagesKept * 500)
        }
        let end = 39 * 500 + 123
        #expect(!state.isWalking)
        #expect(state.window?.total == end)
        #expect(state.window?.isOpenEnded == false)
        #expect(state.status.count == "19,623")
        #expect(state.current?.id == String(end))
        // The first page was dropped on the way: g asks for it again.
        #expect(
            state.press(.char("g")).contains(.loadWindowPage(1, state.expectedQuery(page: 1)))
                || state.current?.id == "1")
    }
}

extension ListWindowTests {
    @Test func gotoTakesARowFromOneOrAPercent() throws {
        #expect(try CommandParser.parse("goto 100000", resources: []) == .goto(row: 100_000, percent: false))
        #expect(try CommandParser.parse("goto 50%", resources: []) == .goto(row: 50, percent: true))
        for bad in ["goto", "goto 0", "goto x", "goto 101%", "goto 1 2"] {
            #expect(throws: CommandParser.Failure.self, "\(bad)") { try CommandParser.parse(bad, resources: []) }
        }
        // A service's own `goto` collection keeps its name.
        #expect(try CommandParser.parse("goto", resources: ["goto"]) == .open(resource: "goto", id: nil, filters: []))
    }
}
