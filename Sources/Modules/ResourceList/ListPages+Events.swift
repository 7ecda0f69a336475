import Services

/// What can happen to the list's pages, and what they ask of the list.
extension ListPages {
    enum Event: Equatable, Sendable {
        /// The list watches its first page again: `reset` drops what is
        /// loaded (a new query), `force` (`r`) asks the other pages again when shown.
        case startOver(reset: Bool, force: Bool)
        /// The screen left the stack: the page loads stop (asked again when shown).
        case screenLeft
        /// Esc stopped the loading.
        case stopped
        /// The first page came (`records`, as the list shows them) with the
        /// server's `total`; `windowable`: any page can be asked for by its
        /// number and no row is dropped here, so a long list becomes a window.
        /// The parent then asks for what it needs (`.wantMore` or `.shown`).
        case firstPage([RecordEntity], total: Int?, windowable: Bool)
        /// The cursor moved or rows came: the next page is wanted when the
        /// cursor is `nearEnd` (or walking), unless `blocked` (the first page loads or failed).
        case wantMore(nearEnd: Bool, blocked: Bool)
        /// Further page `number` came: `sent` records, `new` of them not
        /// loaded before, on top of `loaded`.
        case morePage(Int, sent: Int, new: Int, loaded: Int, total: Int?)
        /// Further page `number` did not come.
        case moreFailed(Int, ServiceError)
        /// The screen shows these rows of a windowed list.
        case shown(Range<Int>)
        /// A key was pressed (or the terminal resized, or the screen came
        /// back): the window may ask for a new budget of pages.
        case pressed
        /// Page `number` of the window came (`records`, as the list shows them).
        case windowPage(Int, [RecordEntity], total: Int?)
        /// Page `number` of the window did not come.
        case windowPageFailed(Int, ServiceError)
        /// `G` on a list that pages only forward: page after page to the end.
        case walkToEnd
        /// `G` (or a jump past the rows here) on a list whose total is known
        /// and whose pages are asked by number: the loaded rows (`records`,
        /// in the server's order) become a window as long as the total.
        case becomeWindow([RecordEntity])
        /// A page came while walking; `records` are the rows loaded (a list
        /// not windowed), `windowable` as for the first page.
        case walked([RecordEntity], windowable: Bool)
        /// Esc while walking.
        case stopWalk
        /// A record was added here (a new one, or a delete undone).
        case added
        /// A record changed here: in its held page (if not held, it counts as added).
        case replaced(RecordEntity)
        /// A record was deleted here.
        case removed
    }

    enum Effect: Equatable, Sendable {
        /// Load further page `number`.
        case loadMore(Int)
        /// Load page `number` of the window.
        case loadWindowPage(Int)
        /// Cancel the window's page loads other than these.
        case keepWindowPages(Set<Int>)
        /// Cancel the further page loading.
        case cancelPageLoad
        /// Ask for the next page if the cursor is near the end (the parent knows).
        case askMore
        /// Ask for the window's pages under the screen (the parent knows the rows).
        case showScreen
        /// The window's total changed: the cursor stays within it.
        case totalChanged(Int)
        /// The loaded rows became a window: keep only the first page's rows.
        case keepFirstPage
        /// The cursor to the last row known.
        case cursorToEnd
        /// Say how far the walk got.
        case sayProgress
        /// The walk reached the end: its progress line goes.
        case walkEnded
        /// Say the walk stopped where it was.
        case sayStopped
        /// Say a page did not come.
        case sayNotLoaded(ServiceError)
        /// Say the server stopped short of the total it claimed.
        case saySentNoMore(loaded: Int, claimed: Int)
    }
}
