/// Where a list paging in from the server stands: the next page to ask for
/// and the total, decided from what each page brought.
///
/// The server's total (`X-Total-Count`, or a json-server v1 envelope's
/// `items`) says when the list is complete; without one, a short or empty
/// page ends it. A page larger than asked means the server ignores paging
/// (all is here); a page with nothing new ends it too (a server that
/// repeats its first page).
struct ListPaging: Equatable {
    /// Records asked for per page; 0 or less: the list is not paged.
    let pageSize: Int
    /// The next page to ask for; `nil` once the list is complete.
    private(set) var nextPage: Int?
    /// The server's total, or `nil` when it did not say.
    private(set) var totalCount: Int?

    init(pageSize: Int) {
        self.pageSize = pageSize
    }

    /// Whether every record of the list is here.
    var isComplete: Bool { nextPage == nil }

    /// The first page came, `count` records; everything else loaded is gone.
    mutating func receivedFirstPage(count: Int, total: Int?) {
        totalCount = total
        if pageSize <= 0 || count > pageSize {
            nextPage = nil
        } else if let total {
            // Pages may be smaller than asked (json-server v1): the total decides.
            nextPage = count == 0 || count >= total ? nil : 2
        } else {
            nextPage = count < pageSize ? nil : 2
        }
    }

    /// Page `number` came with `sent` records, `new` of them not loaded
    /// before, on top of `loaded`. Returns the total the server had claimed
    /// when it stopped short of it (the total is then what was loaded).
    mutating func receivedPage(_ number: Int, sent: Int, new: Int, loaded: Int, total: Int?) -> Int? {
        if let total { totalCount = total }
        guard new > 0 else {
            nextPage = nil
            guard let claimed = totalCount, claimed > loaded else { return nil }
            totalCount = loaded
            return claimed
        }
        if let totalCount {
            nextPage = loaded + new >= totalCount ? nil : number + 1
        } else {
            nextPage = sent < pageSize ? nil : number + 1
        }
        return nil
    }

    /// A record was created (+1) or deleted (−1) here.
    mutating func adjustTotal(by change: Int) {
        totalCount = totalCount.map { max(0, $0 + change) }
    }
}
