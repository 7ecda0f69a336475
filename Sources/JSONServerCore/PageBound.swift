/// The most records one list answer holds when the request pages it.
///
/// A request with a paging parameter (`_page`, `_limit`, `_end`, in v1
/// also `_per_page`, `_start`) is answered at most this many records,
/// whatever numbers it sends: a larger page size or slice is clamped to it
/// (json-server clamps its page numbers the same way), and the totals the
/// answer carries (`X-Total-Count`, `Link`, v1's envelope) still count every
/// match, so a client sees there is more and pages on. A list asked for
/// without paging is answered whole, as json-server does.
public enum PageBound {
    /// 10,000: the largest `pageSize` a Trestle configuration accepts.
    public static let maximumItems = 10_000

    /// `range` cut to at most ``maximumItems`` records from its start.
    static func clamped(_ range: Range<Int>) -> Range<Int> {
        range.lowerBound..<min(range.upperBound, range.lowerBound + maximumItems)
    }

    /// A page size as asked, within `1...maximumItems`.
    static func pageSize(_ asked: Int) -> Int {
        min(max(asked, 1), maximumItems)
    }
}
