import JSON
import Services
import Testing

@testable import Modules

/// The list's window over a remote collection as a child state, alone:
/// which page each event asks for, when a long list becomes a window, the
/// walk to the end and Esc's stop, with no rows shown, no cursor and no service.
struct ListPagesTests {
    /// Records with ids `range` (as a page brings them).
    private static func records(_ range: Range<Int>) -> [RecordEntity] {
        range.map { RecordEntity(id: String($0 + 1), json: ["id": .int($0 + 1)]) }
    }

    /// Pages of 100, asked by number, whose first page came (of `total`).
    private static func started(total: Int?, byNumber: Bool = true) -> ListPages {
        var pages = ListPages(pageSize: 100, pagesByNumber: byNumber)
        _ = pages.apply(.startOver(reset: false, force: false))
        #expect(pages.apply(.firstPage(records(0..<100), total: total, windowable: byNumber)).isEmpty)
        return pages
    }

    @Test func theNextPageIsAskedForNearTheEndOnlyOnceAndNotWhileTheFirstIsBlocked() {
        var pages = Self.started(total: 250)
        #expect(pages.window == nil, "250 rows are held, not windowed")
        #expect(pages.apply(.wantMore(nearEnd: false, blocked: false)).isEmpty)
        #expect(pages.apply(.wantMore(nearEnd: true, blocked: true)).isEmpty)
        #expect(pages.apply(.wantMore(nearEnd: true, blocked: false)) == [.loadMore(2)])
        #expect(pages.apply(.wantMore(nearEnd: true, blocked: false)).isEmpty, "one at a time")
        #expect(pages.apply(.morePage(2, sent: 100, new: 100, loaded: 100, total: 250)).isEmpty)
        #expect(pages.apply(.wantMore(nearEnd: true, blocked: false)) == [.loadMore(3)])
    }

    @Test func aPageOfAListThatStartedOverIsNotTaken() {
        var pages = Self.started(total: 250)
        _ = pages.apply(.wantMore(nearEnd: true, blocked: false))
        _ = pages.apply(.startOver(reset: true, force: false))
        #expect(pages.apply(.morePage(2, sent: 100, new: 100, loaded: 100, total: 250)).isEmpty)
        #expect(pages.paging.nextPage == 2, "the late page moved nothing on")
    }

    @Test func aServerThatStopsShortOfItsTotalIsCalledOut() {
        var pages = Self.started(total: 250)
        _ = pages.apply(.wantMore(nearEnd: true, blocked: false))
        #expect(
            pages.apply(.morePage(2, sent: 0, new: 0, loaded: 100, total: 250))
                == [.saySentNoMore(loaded: 100, claimed: 250)])
        #expect(pages.isComplete)
    }

    @Test func aFailedPageIsSaidAndRemembered_aCancelledOneIsNot() {
        var pages = Self.started(total: 250)
        _ = pages.apply(.wantMore(nearEnd: true, blocked: false))
        #expect(pages.apply(.moreFailed(2, ServiceError(.cancelled, "cancelled"))).isEmpty)
        #expect(pages.moreError == nil && !pages.isLoadingMore)
        _ = pages.apply(.wantMore(nearEnd: true, blocked: false))
        let offline = ServiceError(.offline, "Cannot connect")
        #expect(pages.apply(.moreFailed(2, offline)) == [.sayNotLoaded(offline)])
        #expect(pages.moreError == offline)
    }

    @Test func aLongListIsAWindowThatAsksOnlyForThePagesOnScreen() {
        var pages = Self.started(total: 100_000)
        #expect(pages.window?.total == 100_000)
        #expect(pages.apply(.wantMore(nearEnd: true, blocked: false)).isEmpty, "a window pages by the screen")
        #expect(pages.apply(.shown(50_050..<50_200)) == [.loadWindowPage(501), .loadWindowPage(502)])
        #expect(pages.isLoadingPages)
        #expect(pages.apply(.shown(50_050..<50_080)) == [.keepWindowPages([501])], "502 left the screen")
        #expect(
            pages.apply(.windowPage(501, Self.records(50_000..<50_100), total: 99_000)) == [
                .totalChanged(99_000), .showScreen,
            ])
        #expect(pages.window?.record(at: 50_050)?.id == "50051")
    }

    @Test func aListWithoutATotalWalksToItsEndAndBecomesAWindowPastThePagesKept() {
        var pages = Self.started(total: nil)
        #expect(pages.walksToEnd)
        #expect(pages.apply(.walkToEnd) == [.cursorToEnd, .sayProgress, .askMore])
        #expect(pages.isWalking)
        var loaded = Self.records(0..<100)
        for number in 2...ListWindow.pagesKept + 1 {
            #expect(
                pages.apply(.wantMore(nearEnd: false, blocked: false)) == [.loadMore(number)], "walking: any cursor")
            let page = Self.records(loaded.count..<loaded.count + 100)
            _ = pages.apply(.morePage(number, sent: 100, new: 100, loaded: loaded.count, total: nil))
            loaded += page
            let effects = pages.apply(.walked(loaded, windowable: true))
            if number <= ListWindow.pagesKept {
                #expect(effects == [.cursorToEnd, .sayProgress])
            } else {
                #expect(effects == [.keepFirstPage, .cursorToEnd, .sayProgress, .loadWindowPage(number + 1)])
            }
        }
        #expect(pages.window?.isOpenEnded == true)
        #expect(pages.window?.total == loaded.count)
        // The last page is short: the walk is over, the screen's pages are asked.
        let last = ListWindow.pagesKept + 2
        let short = Self.records(loaded.count..<loaded.count + 30)
        #expect(pages.apply(.windowPage(last, short, total: nil)) == [.cursorToEnd, .walkEnded, .showScreen])
        #expect(!pages.isWalking && !pages.walksToEnd)
    }

    @Test func escStopsTheWalkAndTheLoadsAndAStartOverForgetsTheStop() {
        var pages = Self.started(total: nil)
        _ = pages.apply(.walkToEnd)
        _ = pages.apply(.wantMore(nearEnd: false, blocked: false))
        #expect(pages.apply(.stopWalk) == [.sayStopped, .cancelPageLoad])
        #expect(!pages.isWalking && !pages.isLoadingMore)
        #expect(pages.apply(.stopWalk).isEmpty, "nothing to stop")
        _ = pages.apply(.wantMore(nearEnd: true, blocked: false))
        #expect(pages.apply(.stopped).isEmpty)
        #expect(pages.isStopped && !pages.isLoadingPages)
        _ = pages.apply(.startOver(reset: false, force: true))
        #expect(!pages.isStopped)
    }

    @Test func writesMoveTheTotalAndADeleteInAWindowAsksItsPagesAgain() {
        var pages = Self.started(total: 250)
        _ = pages.apply(.added)
        #expect(pages.paging.totalCount == 251)
        _ = pages.apply(.removed)
        #expect(pages.paging.totalCount == 250)
        var windowed = Self.started(total: 100_000)
        _ = windowed.apply(.replaced(RecordEntity(id: "5", json: ["id": 5, "title": "new"])))
        #expect(windowed.window?.total == 100_000, "a held record is replaced in its page")
        #expect(windowed.window?.record(at: 4)?.json["title"] == "new")
        _ = windowed.apply(.replaced(RecordEntity(id: "new-1", json: ["id": "…"])))
        #expect(windowed.window?.total == 100_001 && windowed.paging.totalCount == 100_001)
        _ = windowed.apply(.removed)
        #expect(windowed.window?.total == 100_000)
        #expect(windowed.window?.record(at: 0) == nil, "the pages are asked again")
    }
}
