import Foundation
import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// A windowed list whose server pages by 3 under a 40-row table: every
/// key asks for the pages its screen needs, once, and within its budget;
/// what the screen shows stays, and answers never ask on by themselves
/// (issue 38: `G` once asked for the same pages forever).
@MainActor
@Suite("Resource list state: the window's fetch plan with small pages")
struct ResourceListStateWindowPlanTests {
    static let size = 3
    let tiny = ResourceDescriptor.todos(pageSize: Self.size)
    let total = 3_000
    /// The list's part of the terminal: a table of 40 rows.
    static let area = Rect(row: 1, col: 0, height: 41, width: 80)

    /// A list of `total` todos in pages of 3, its table 40 rows high, whose
    /// first page came and then the first screen's pages (asked: `firstAsked`).
    private func windowed() -> (ResourceListState, firstAsked: [Int]) {
        var state = ResourceListState(resource: tiny, filters: [])
        _ = state.apply(.start)
        _ = state.apply(.resized(Self.area))
        let effects = state.apply(.firstPage(ListWindowTests.todos(0..<Self.size), total: total, resource: tiny))
        let asked = settle(effects, &state)
        return (state, asked)
    }

    /// Runs `effects` as the presenter would, answering every page asked
    /// for (with `total`, or what `totalOf` says for that answer) until
    /// nothing more is asked; a cancelled load gets no answer. Returns the
    /// pages asked, in order; stops at 1,000 (a loop).
    private func settle(
        _ effects: [ResourceListEffect], _ state: inout ResourceListState, totalOf: (Int) -> Int? = { _ in nil }
    ) -> [Int] {
        var asked: [Int] = []
        var inFlight: [Int] = []
        var effects = effects
        while asked.count < 1_000 {
            for effect in effects {
                switch effect {
                case .loadWindowPage(let number, let query):
                    #expect(query.limit == Self.size && query.page == number)
                    asked.append(number)
                    inFlight.append(number)
                case .keepWindowPages(let kept): inFlight.removeAll { !kept.contains($0) }
                default: break
                }
            }
            guard !inFlight.isEmpty else { return asked }
            let number = inFlight.removeFirst()
            let rows = (number - 1) * Self.size..<min(total, number * Self.size)
            let answer = ListPage.of(
                ListWindowTests.todos(rows), total: totalOf(asked.count) ?? total, resource: tiny)
            effects = state.apply(.windowPageArrived(number, answer))
        }
        return asked
    }

    /// What one key press may cost on this screen.
    private func budget(_ state: ResourceListState) -> Int {
        WindowPlan.budget(rows: state.tableHeight, pageSize: Self.size)
    }

    /// Every row on screen has its record.
    private func screenIsWhole(_ state: ResourceListState) -> Bool {
        state.screenRows.allSatisfy { state.row($0)?.id == String($0 + 1) }
    }

    @Test func theFirstScreenAsksForItsPagesOnceAndKeepsThemAll() throws {
        let (state, asked) = windowed()
        #expect(state.tableHeight == 40)
        // 40 rows from the top: pages 1…14, the first here already.
        #expect(asked == Array(2...14), "\(asked)")
        #expect(screenIsWhole(state))
        let window = try #require(state.window)
        #expect(window.pages.count == 14, "more than the 12 kept pages: the screen's")
        #expect(window.loads.isEmpty)
    }

    @Test func gJAndPageDownAndGBackAskEachPageOnceWithinTheirBudget() {
        var (state, _) = windowed()
        let steps: [(Key, (ResourceListState) -> Bool)] = [
            (.char("G"), { $0.cursor == total - 1 }),
            (.char("k"), { $0.cursor == total - 2 }),
            (.char("g"), { $0.cursor == 0 }),
            (.pageDown, { $0.cursor > 30 }),
            (.pageDown, { $0.cursor > 70 }),
            (.char("j"), { _ in true }),
        ]
        for (key, check) in steps {
            let asked = settle(state.press(key), &state)
            #expect(check(state), "\(key): cursor \(state.cursor)")
            #expect(asked.count <= budget(state), "\(key) asked \(asked.count): \(asked)")
            #expect(Set(asked).count == asked.count, "\(key) asked a page twice: \(asked)")
            #expect(screenIsWhole(state), "\(key): a row on screen without its record")
            let window = state.window
            #expect((window?.pages.count ?? 0) <= (window?.plan?.capacity ?? 0))
            // Nothing more without a key.
            #expect(state.apply(.resized(Self.area)).isEmpty)
        }
        // Down a row at a time past the screen: one page now and then.
        var asked: [Int] = []
        for _ in 0..<200 { asked += settle(state.press(.char("j")), &state) }
        #expect(Set(asked).count == asked.count, "\(asked)")
        #expect(asked.count <= 200 / Self.size + 2)
        #expect(screenIsWhole(state))
    }

    @Test func anAnswerThatMovesTheScreenGetsWhatIsLeftOfTheBudgetThenWaitsForAKey() {
        var (state, _) = windowed()
        // A server whose total shrinks with every answer: the cursor at the
        // end follows it and the screen moves to pages never asked for.
        var shrinking = total
        let asked = settle(state.press(.char("G")), &state) { _ in
            shrinking -= 60
            return shrinking
        }
        #expect(asked.count <= budget(state), "\(asked.count) pages for one key: \(asked)")
        #expect(Set(asked).count == asked.count)
        #expect(state.window?.loads.isEmpty == true)
        // The next key asks for what its screen lacks.
        let next = settle(state.press(.char("k")), &state)
        #expect(!next.isEmpty && next.count <= budget(state))
        #expect(screenIsWhole(state))
    }
}
