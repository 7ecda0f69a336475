import JSON

/// json-server v1's paging of a list: `_page` with `_per_page` (an envelope
/// with the page links and totals), or `_start` with `_end` or `_limit` (a
/// plain array); without them, the whole list.
///
/// Bounded as ``PageBound`` says: `_per_page` is clamped to
/// `1...PageBound.maximumItems` and a slice to that many records; `_page`
/// is clamped to the pages there are (json-server 1.0's `paginate`), a
/// number too large for 64 bits counting as the last page and one that is
/// not a number as the first; `_per_page` without `_page` asks for page 1.
struct V1Paging {
    var page: Int?
    var perPage = 10
    /// Whether `_per_page` was sent (without `_page` it still asks for a page).
    var perPageSent = false
    var start: Int?
    var end: Int?
    var limit: Int?

    /// The query parameters that page.
    static let words: Set<String> = ["_page", "_per_page", "_start", "_end", "_limit"]

    /// Takes `item` when it is a paging parameter; `false` for any other.
    mutating func read(_ item: QueryItem) -> Bool {
        switch item.name {
        case "_page": page = Self.integer(item.value) ?? 1
        case "_per_page":
            perPageSent = true
            perPage = Self.integer(item.value) ?? perPage
        case "_start": start = Self.integer(item.value)
        case "_end": end = Self.integer(item.value)
        case "_limit": limit = Self.integer(item.value)
        default: return false
        }
        return true
    }

    /// A whole number; one too large (or small) for 64 bits saturates.
    static func integer(_ text: String) -> Int? {
        if let value = Int(text) { return value }
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return negative ? Int.min : Int.max
    }

    /// The page asked for: `_page`, or page 1 when only `_per_page` says to page.
    private var pageNumber: Int? {
        page ?? (perPageSent && start == nil && end == nil && limit == nil ? 1 : nil)
    }

    /// Whether the answer is a part of the list rather than all of it.
    var isPartial: Bool { pageNumber != nil || start != nil || end != nil || limit != nil }

    /// The part of a list of `count` matching items that is answered.
    func range(count: Int) -> Range<Int> {
        // A page asked for is a page, whatever else is sent (`_limit` from a
        // v0 client): the envelope tells the client this is v1.
        if pageNumber == nil, start != nil || end != nil || limit != nil {
            let from = min(max(start ?? 0, 0), count)
            // Huge numbers from the query saturate rather than overflow.
            let to = end.map { min(max($0, from), count) } ?? from + min(max(limit ?? 0, 0), count - from)
            return PageBound.clamped(from..<max(from, to))
        }
        guard pageNumber != nil else { return 0..<count }
        let (size, _, current) = pageNumbers(count: count)
        let from = min((current - 1) * size, count)
        return from..<(from + min(size, count - from))
    }

    /// The answer for `count` matching items, given the items of `range(count:)`.
    func response(count: Int, items: [JSONValue]) -> EngineResponse {
        guard pageNumber != nil else { return .json(status: 200, .array(items)) }
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
        let size = PageBound.pageSize(perPage)
        let pages = max(1, count / size + (count % size == 0 ? 0 : 1))
        return (size, pages, min(max(pageNumber ?? 1, 1), pages))
    }
}
