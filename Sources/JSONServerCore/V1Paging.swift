import JSON

/// json-server v1's paging of a list: `_page` with `_per_page` (an envelope
/// with the page links and totals), or `_start` with `_end` or `_limit` (a
/// plain array); without them, the whole list.
struct V1Paging {
    var page: Int?
    var perPage = 10
    var start: Int?
    var end: Int?
    var limit: Int?

    /// The query parameters that page.
    static let words: Set<String> = ["_page", "_per_page", "_start", "_end", "_limit"]

    /// Takes `item` when it is a paging parameter; `false` for any other.
    mutating func read(_ item: QueryItem) -> Bool {
        switch item.name {
        case "_page": page = Int(item.value)
        case "_per_page": perPage = Int(item.value) ?? perPage
        case "_start": start = Int(item.value)
        case "_end": end = Int(item.value)
        case "_limit": limit = Int(item.value)
        default: return false
        }
        return true
    }

    /// Whether the answer is a part of the list rather than all of it.
    var isPartial: Bool { page != nil || start != nil || end != nil || limit != nil }

    /// The part of a list of `count` matching items that is answered.
    func range(count: Int) -> Range<Int> {
        // A page asked for is a page, whatever else is sent (`_limit` from a
        // v0 client): the envelope tells the client this is v1.
        if page == nil, start != nil || end != nil || limit != nil {
            let from = min(max(start ?? 0, 0), count)
            // Huge numbers from the query saturate rather than overflow.
            let to = end.map { min(max($0, from), count) } ?? from + min(max(limit ?? 0, 0), count - from)
            return from..<max(from, to)
        }
        guard page != nil else { return 0..<count }
        let (size, _, current) = pageNumbers(count: count)
        let from = min((current - 1) * size, count)
        return from..<(from + min(size, count - from))
    }

    /// The answer for `count` matching items, given the items of `range(count:)`.
    func response(count: Int, items: [JSONValue]) -> EngineResponse {
        guard page != nil else { return .json(status: 200, .array(items)) }
        let (_, pages, current) = pageNumbers(count: count)
        let envelope: JSONObject = [
            "first": 1,
            "prev": current > 1 ? .int(current - 1) : .null,
            "next": current < pages ? .int(current + 1) : .null,
            "last": .int(pages),
            "pages": .int(pages),
            "items": .int(count),
            "data": .array(items),
        ]
        return .json(status: 200, .object(envelope))
    }

    private func pageNumbers(count: Int) -> (size: Int, pages: Int, current: Int) {
        let size = max(perPage, 1)
        let pages = max(1, count / size + (count % size == 0 ? 0 : 1))
        return (size, pages, min(max(page ?? 1, 1), pages))
    }
}
