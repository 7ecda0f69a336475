import Foundation
import Synchronization

/// The convention a service's root was found in, as the cache keeps it for
/// the next start of the same service: the root's answer and every answer
/// discovery read after it (a HAL collection's first page, OData's
/// `$metadata`). Discovery is pure over answers, so the next start gets the
/// same catalog from them at once, without a request (``replayed(in:)``),
/// and asks the service again only in the background.
public struct RememberedConvention: Sendable, Equatable, Codable {
    /// One answer as kept: what a ``ConventionAnswer`` holds but its parsed JSON.
    public struct Answer: Sendable, Equatable, Codable {
        public var url: URL
        public var status: Int
        public var mediaType: String?
        public var links: [String: URL]
        public var totalCount: Int?
        public var data: Data

        public init(_ answer: ConventionAnswer) {
            url = answer.url
            status = answer.status
            mediaType = answer.mediaType
            links = answer.links
            totalCount = answer.totalCount
            data = answer.data
        }

        /// The answer as a convention reads it.
        public var answer: ConventionAnswer {
            ConventionAnswer(
                url: url, status: status, mediaType: mediaType, links: links, totalCount: totalCount, data: data)
        }
    }

    public var convention: ConventionName
    /// The root's answer.
    public var root: Answer
    /// The further answers discovery read, by the URL it asked.
    public var fetched: [String: Answer]

    public init(convention: ConventionName, root: Answer, fetched: [String: Answer] = [:]) {
        self.convention = convention
        self.root = root
        self.fetched = fetched
    }

    /// The discovery again, from the answers kept (no request: a URL not
    /// kept is an answer that did not come); `nil` when `registry` does not
    /// know the convention or the answers name no collection.
    public func replayed(in registry: ConventionRegistry) async -> ConventionDiscovery? {
        guard let convention = registry.named(convention) else { return nil }
        let fetched = fetched
        let found = await convention.discover(root: root.answer) { url in fetched[url.absoluteString]?.answer }
        guard let found, !found.resources.isEmpty else { return nil }
        return found
    }

    /// The kept form as stored in the cache (JSON), and back.
    public func encoded() -> Data? { try? JSONEncoder().encode(self) }

    public static func decoded(_ data: Data) -> RememberedConvention? {
        try? JSONDecoder().decode(RememberedConvention.self, from: data)
    }
}

/// Notes the answers of one detection, so that the convention found can be
/// remembered with them (``remembered(as:)``).
public final class ConventionRecorder: Sendable {
    private struct Notes {
        var root: RememberedConvention.Answer?
        var fetched: [String: RememberedConvention.Answer] = [:]
    }

    private let notes = Mutex(Notes())

    public init() {}

    /// The root answered `answer`.
    public func noteRoot(_ answer: ConventionAnswer) {
        notes.withLock { $0.root = RememberedConvention.Answer(answer) }
    }

    /// `fetch`, noting each answer by the URL asked.
    public func recording(_ fetch: @escaping ConventionFetch) -> ConventionFetch {
        { [self] url in
            let answer = await fetch(url)
            if let answer {
                notes.withLock { $0.fetched[url.absoluteString] = RememberedConvention.Answer(answer) }
            }
            return answer
        }
    }

    /// The root's answer, once it answered.
    public var root: RememberedConvention.Answer? { notes.withLock { $0.root } }

    /// What was noted, remembered as `convention`; `nil` before the root answered.
    public func remembered(as convention: ConventionName) -> RememberedConvention? {
        notes.withLock { notes in
            notes.root.map { RememberedConvention(convention: convention, root: $0, fetched: notes.fetched) }
        }
    }
}
