import Testing

@testable import Modules

/// The paging rule on its own: the server's total decides when it sends
/// one; without it a short or empty page ends the list.
@Suite struct ListPagingTests {
    @Test func withATotalTheListEndsWhenEverythingIsLoaded() {
        var paging = ListPaging(pageSize: 100)
        paging.receivedFirstPage(count: 100, total: 250)
        #expect(paging.nextPage == 2)
        #expect(paging.receivedPage(2, sent: 100, new: 100, loaded: 100, total: 250) == nil)
        #expect(paging.nextPage == 3)
        #expect(paging.receivedPage(3, sent: 50, new: 50, loaded: 200, total: 250) == nil)
        #expect(paging.isComplete)
        #expect(paging.totalCount == 250)
    }

    @Test func pagesSmallerThanAskedGoOnWhileTheTotalSaysMore() {
        var paging = ListPaging(pageSize: 500)  // json-server v1 sends 10 a page
        paging.receivedFirstPage(count: 10, total: 25)
        #expect(paging.nextPage == 2)
        _ = paging.receivedPage(2, sent: 10, new: 10, loaded: 10, total: 25)
        #expect(paging.nextPage == 3)
    }

    @Test func withoutATotalAShortPageEndsTheList() {
        var paging = ListPaging(pageSize: 100)
        paging.receivedFirstPage(count: 100, total: nil)
        #expect(paging.nextPage == 2)
        _ = paging.receivedPage(2, sent: 40, new: 40, loaded: 100, total: nil)
        #expect(paging.isComplete)
        #expect(paging.totalCount == nil)
    }

    @Test func aPageBiggerThanAskedMeansTheServerIgnoresPaging() {
        var paging = ListPaging(pageSize: 100)
        paging.receivedFirstPage(count: 5000, total: 5000)
        #expect(paging.isComplete)
        var unpaged = ListPaging(pageSize: 0)
        unpaged.receivedFirstPage(count: 3, total: nil)
        #expect(unpaged.isComplete)
    }

    @Test func aPageWithNothingNewEndsTheListAndCorrectsAClaimedTotal() {
        var paging = ListPaging(pageSize: 100)
        paging.receivedFirstPage(count: 100, total: 5000)
        // A server that repeats its first page: nothing new, though it counted 5000.
        #expect(paging.receivedPage(2, sent: 100, new: 0, loaded: 100, total: 5000) == 5000)
        #expect(paging.isComplete)
        #expect(paging.totalCount == 100)
    }

    @Test func writesMoveTheTotalButNeverBelowZero() {
        var paging = ListPaging(pageSize: 100)
        paging.receivedFirstPage(count: 1, total: 1)
        paging.adjustTotal(by: -1)
        paging.adjustTotal(by: -1)
        #expect(paging.totalCount == 0)
        paging.adjustTotal(by: 1)
        #expect(paging.totalCount == 1)
    }
}
