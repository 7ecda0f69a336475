import JSON

/// Recent GET answers by request, bounded in count and bytes.
///
/// The router empties it on every successful write, so an entry is always
/// exactly what routing the request again would produce; repeated reads
/// (a UI paging back and forth, a load test) then cost a dictionary lookup.
struct AnswerCache: Sendable {
    /// The most answers kept before the cache starts over.
    static let maximumCount = 1024
    /// The most body bytes kept before the cache starts over.
    static let maximumBytes = 64 * 1024 * 1024

    private(set) var answers: [String: EngineResponse] = [:]
    private var bytes = 0

    /// Keeps `response` for `key`; when full, forgets everything first
    /// (cheap, and the next requests refill it).
    mutating func store(_ response: EngineResponse, for key: String) {
        guard response.body.count <= AnswerCache.maximumBytes / 4 else { return }
        if answers.count >= AnswerCache.maximumCount || bytes + response.body.count > AnswerCache.maximumBytes {
            removeAll()
        }
        answers[key] = response
        bytes += response.body.count
    }

    /// Forgets every answer.
    mutating func removeAll() {
        answers.removeAll(keepingCapacity: true)
        bytes = 0
    }
}
