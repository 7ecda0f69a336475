import JSON

/// json-server's paging and slicing of a filtered, sorted list.
///
/// `_page` (1-based, `_limit` defaulting to 10) wins over `_start`/`_end`,
/// which wins over `_start`/`_limit`. Numbers are read like JavaScript's
/// `parseInt` (leading digits; anything else is NaN). A page or slice holds
/// at most ``PageBound/maximumItems`` records: a larger `_limit` is clamped,
/// a page size under 1 is the default 10.
struct ListSlice {
    /// The range of the list to answer.
    var range: Range<Int>
    /// The page links (`first`, `prev`, `next`, `last` → page number), only for `_page`.
    var links: [(rel: String, page: Int)] = []
    /// Whether the request was paged (so `Link` is exposed).
    var isPaged = false

    init(count: Int, query: CollectionQuery) {
        range = 0..<count
        if let pageText = query.page, !pageText.isEmpty {
            isPaged = true
            let page = max(ListSlice.parseInt(pageText) ?? 1, 1)
            let limitValue = query.limit.flatMap(ListSlice.parseInt) ?? 0
            // json-server 0.17 reads 0 as the default; a negative size is no better.
            let limit = limitValue < 1 ? 10 : PageBound.pageSize(limitValue)
            paginate(count: count, page: page, limit: limit)
        } else if let endText = query.end, !endText.isEmpty {
            let start = query.start.flatMap(ListSlice.parseInt) ?? 0
            guard let end = ListSlice.parseInt(endText) else {
                range = 0..<0
                return
            }
            range = PageBound.clamped(ListSlice.jsSlice(count: count, start: start, end: end))
        } else if let limitText = query.limit, !limitText.isEmpty {
            let start = query.start.flatMap(ListSlice.parseInt) ?? 0
            guard let limit = ListSlice.parseInt(limitText) else {
                range = 0..<0
                return
            }
            // Huge numbers from the query saturate rather than trap.
            let (end, overflow) = start.addingReportingOverflow(limit)
            range = PageBound.clamped(
                ListSlice.jsSlice(count: count, start: start, end: overflow ? (limit < 0 ? Int.min : Int.max) : end))
        }
    }

    /// json-server's `getPage`: links only when the page is not empty and
    /// does not already hold the whole list.
    private mutating func paginate(count: Int, page: Int, limit: Int) {
        let (previous, pageOverflow) = page.subtractingReportingOverflow(1)
        let (start, startOverflow) = previous.multipliedReportingOverflow(by: limit)
        let (end, endOverflow) = page.multipliedReportingOverflow(by: limit)
        guard !pageOverflow, !startOverflow, !endOverflow else {
            range = count..<count
            return
        }
        range = ListSlice.jsSlice(count: count, start: start, end: end)
        guard !range.isEmpty, limit > 0 else { return }
        let hasFirstAndLast = range.count != count
        if hasFirstAndLast { links.append(("first", 1)) }
        if page > 1 { links.append(("prev", page - 1)) }
        if end < count { links.append(("next", page + 1)) }
        if hasFirstAndLast { links.append(("last", (count - 1) / limit + 1)) }
    }

    /// `Array.prototype.slice(start, end)` bounds: negatives count from the end.
    static func jsSlice(count: Int, start: Int, end: Int) -> Range<Int> {
        func clamp(_ value: Int) -> Int { value < 0 ? max(count + value, 0) : min(value, count) }
        let lower = clamp(start)
        let upper = clamp(end)
        return lower < upper ? lower..<upper : lower..<lower
    }

    /// JavaScript `parseInt(text, 10)`: optional sign and leading digits; `nil` for NaN.
    static func parseInt(_ text: String) -> Int? {
        var bytes = Substring(text).trimmingSpaces().utf8[...]
        var sign = 1
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            bytes = bytes.dropFirst()
        }
        var value = 0
        var sawDigit = false
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if o1 || o2 { return sign * Int.max }
            value = sum
            sawDigit = true
        }
        return sawDigit ? sign * value : nil
    }

    /// The `Link` header value: `<url>; rel="first", <url>; rel="next", …`, where
    /// each url is the request's own URL with `_page` changed.
    func linkHeader(baseURL: String, path: String, query: [QueryItem]) -> String? {
        guard !links.isEmpty else { return nil }
        // Encode the query once; only the `_page` values change between links.
        let encoded = query.map { item in
            (name: QueryItem.encode(item.name), value: item.name == "_page" ? nil : QueryItem.encode(item.value))
        }
        let prefix = "<" + baseURL + path + "?"
        return links.map { link in
            let page = String(link.page)
            let queryText = encoded.map { $0.name + "=" + ($0.value ?? page) }.joined(separator: "&")
            return prefix + queryText + ">; rel=\"" + link.rel + "\""
        }.joined(separator: ", ")
    }
}
