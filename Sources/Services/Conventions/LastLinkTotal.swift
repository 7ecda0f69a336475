import Foundation
import Networking

/// The total a page answer implies by its links where it says none
/// (RFC 8288 `Link: <…>; rel="last"`, or a body's `links.last`): the last
/// page's number (or offset) times the page size. The answer that is the
/// last page itself (its `last` is where it was asked, or it has paging
/// links but no `next`) gives the exact total, which corrects the estimate
/// once the list reaches it.
extension ResourceRoute.Paging {
    /// The total implied by a page answer asked at `asked` holding `count`
    /// records, with its `next` and `last` links; `linked` says the answer
    /// had paging links at all (so a missing `next` means the last page).
    /// `nil` when the links say nothing of the total (cursors, no links).
    public func total(asked: URL, count: Int, next: URL?, last: URL?, linked: Bool) -> Int? {
        switch self {
        case .pages(let page, let size, let first):
            return pagesTotal(
                asked: asked, count: count, next: next, last: last, linked: linked,
                words: (page, size.map { [$0] } ?? [], first))
        case .jsonServer:
            return pagesTotal(
                asked: asked, count: count, next: next, last: last, linked: linked,
                words: ("_page", ["_limit", "_per_page"], 1))
        case .offset(let limit, let offset):
            return offsetTotal(
                asked: asked, count: count, next: next, last: last, linked: linked, words: (limit, offset))
        case .cursor, .none:
            return nil
        }
    }

    private func pagesTotal(
        asked: URL, count: Int, next: URL?, last: URL?, linked: Bool, words: (page: String, sizes: [String], first: Int)
    ) -> Int? {
        let number = { (url: URL) in Self.integer(words.page, in: url).map { $0 - words.first + 1 } }
        let askedNumber = number(asked) ?? 1
        let size =
            last.flatMap { url in words.sizes.lazy.compactMap { Self.integer($0, in: url) }.first }
            ?? words.sizes.lazy.compactMap { Self.integer($0, in: asked) }.first ?? (next != nil ? count : nil)
        /// The exact total when the page asked is the last.
        func exact() -> Int? {
            if askedNumber <= 1 { return count }
            return size.map { (askedNumber - 1) * $0 + count }
        }
        guard let last else { return next == nil && linked ? exact() : nil }
        guard let lastNumber = number(last), lastNumber >= 1 else { return nil }
        if lastNumber <= askedNumber { return exact() }
        return size.map { lastNumber * $0 }
    }

    private func offsetTotal(
        asked: URL, count: Int, next: URL?, last: URL?, linked: Bool, words: (limit: String, offset: String)
    ) -> Int? {
        let askedOffset = Self.integer(words.offset, in: asked) ?? 0
        guard let last else { return next == nil && linked ? askedOffset + count : nil }
        let lastOffset = Self.integer(words.offset, in: last) ?? 0
        if lastOffset <= askedOffset { return askedOffset + count }
        let limit =
            Self.integer(words.limit, in: last) ?? Self.integer(words.limit, in: asked) ?? (next != nil ? count : nil)
        return limit.map { lastOffset + $0 }
    }

    /// The non-negative integer of the query parameter `name` in `url`.
    static func integer(_ name: String, in url: URL) -> Int? {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
        return items.first { $0.name == name }?.value.flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }
}

extension ServiceConvention {
    /// ``page(from:route:)``, with the total its `next`/`last` links imply
    /// where the answer says none (``ResourceRoute/Paging/total(asked:count:next:last:linked:)``).
    public func pageWithLinkedTotal(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError)
        -> ConventionPage
    {
        var page = try page(from: answer, route: route)
        if page.total == nil {
            page.total = route.paging.total(
                asked: answer.url, count: page.records.count, next: page.next, last: page.last,
                linked: !answer.links.isEmpty)
        }
        return page
    }
}
