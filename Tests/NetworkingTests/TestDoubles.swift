import Foundation
import Logging
import Networking
import Synchronization

/// A thread-safe list that tests append to from any task.
final class Recorder<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    func append(_ item: Element) {
        items.withLock { $0.append(item) }
    }

    var all: [Element] { items.withLock { $0 } }
}

/// A thread-safe counter; `next()` returns 1, 2, 3, …
final class Counter: Sendable {
    private let value = Mutex(0)

    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}

/// A swift-log handler that keeps every line, with its metadata, in memory.
struct CapturingLogHandler: LogHandler {
    /// One captured line: level, message, and metadata rendered as text.
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: String
    }

    let store: Recorder<Entry>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        store.append(Entry(level: event.level, message: "\(event.message)", metadata: rendered))
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// A logger whose lines land in `store`.
    static func logger(into store: Recorder<Entry>) -> Logger {
        Logger(label: "test") { _ in CapturingLogHandler(store: store) }
    }
}

/// A small generic API, only to exercise `Endpoint` (Trestle's real
/// endpoints live in Services).
enum ExampleEndpoint: Endpoint {
    case list(base: URL, page: Int)
    case item(base: URL, id: Int)
    case create(base: URL, json: Data)

    var baseURL: URL {
        switch self {
        case .list(let base, _), .item(let base, _), .create(let base, _): base
        }
    }

    var path: String {
        switch self {
        case .list, .create: "/items"
        case .item(_, let id): "/items/\(id)"
        }
    }

    var method: HTTPMethod {
        if case .create = self { return .post }
        return .get
    }

    var query: [URLQueryItem] {
        if case .list(_, let page) = self { return [URLQueryItem(name: "_page", value: "\(page)")] }
        return []
    }

    var body: Data? {
        if case .create(_, let json) = self { return json }
        return nil
    }

    var validation: Validation {
        if case .create = self { return .customCodes([201]) }
        return .successCodes
    }

    var sampleData: Data {
        Data(#"[{"id":1,"title":"sample"}]"#.utf8)
    }
}

/// The shape the decoding tests expect.
struct Item: Codable, Equatable {
    let id: Int
    let title: String
}

/// A policy that retries at once, recording each requested delay.
func instantRetry(maxAttempts: Int = 3, maxDelay: Double = 10, delays: Recorder<Double> = Recorder()) -> RetryPolicy {
    RetryPolicy(
        maxAttempts: maxAttempts, baseDelay: 0.5, maxDelay: maxDelay, jitter: 0, random: { 0.5 },
        sleep: { delays.append($0) })
}
