import Foundation
import JSON
import Networking
import Services
import Synchronization
import Translations

/// A snapshot's manners toward a busy service: a `429` or `503` with
/// `Retry-After` (seconds or an HTTP date) is waited out — at most
/// ``longestWait`` seconds, said in one line — and asked again; any other
/// failure is passed on with the URL it met, so the one line that reports
/// it names the collection and the URL.
///
/// The status and headers of the answers come from the request journal:
/// ``watch(_:also:)`` tells the ``SentRequests`` of the task that sent a
/// request (a task-local value) of each of its answers.
struct PoliteSource: SnapshotSource {
    let inner: any SnapshotSource
    /// The longest wait for one `Retry-After`, in seconds.
    var longestWait: Double = 60
    /// Sends of one request at most, counting the first.
    var attempts = 5
    /// How waiting is done (tests wait no time).
    var sleep: @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    /// Told each wait, in one line.
    var say: @Sendable (String) -> Void

    func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Listing<JSONValue> {
        try await politely(resource.name) { () throws(ServiceError) in try await inner.records(resource, query) }
    }

    func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        try await politely(resource.name) { () throws(ServiceError) in try await inner.record(resource, id: id) }
    }

    private func politely<T: Sendable>(
        _ name: String, _ body: @Sendable () async throws(ServiceError) -> T
    ) async throws(ServiceError) -> T {
        var attempt = 1
        while true {
            let sent = SentRequests()
            let result = await SentRequests.$current.withValue(sent) { () async -> Result<T, ServiceError> in
                do throws(ServiceError) {
                    return .success(try await body())
                } catch {
                    return .failure(error)
                }
            }
            let error: ServiceError
            switch result {
            case .success(let value): return value
            case .failure(let failure): error = failure
            }
            let last = sent.last
            guard attempt < attempts, let last, [429, 503].contains(last.status ?? 0), let asked = last.retryAfter
            else { throw Self.located(error, last) }
            let wait = min(asked, longestWait)
            say(
                Texts.Snapshot.waiting(
                    name: name, url: last.url, status: String(last.status ?? 0),
                    asked: Self.seconds(asked), waiting: Self.seconds(wait)))
            do {
                try await sleep(wait)
            } catch {
                throw ServiceError(.cancelled, Texts.Service.cancelled)
            }
            attempt += 1
        }
    }

    /// `error` with the URL it met in front of its message.
    static func located(_ error: ServiceError, _ sent: SentRequests.Sent?) -> ServiceError {
        guard let sent, !error.message.contains(sent.url) else { return error }
        return ServiceError(error.kind, "\(sent.url): \(error.message)")
    }

    /// `1`, `2.5`: seconds as said.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// Tells the requests sent under a ``SentRequests`` of their answers,
    /// and `history` (the run's `:history`, which the journal's one
    /// listener fed before) of every request.
    static func watch(_ journal: RequestJournal, also history: RequestHistoryRecorder?) {
        journal.onAppend { entry in
            history?.record(entry)
            SentRequests.current?.add(entry)
        }
    }
}

/// The answers to the requests one call of a source sent (the last counts).
final class SentRequests: Sendable {
    /// One answer: where the request went, its status and its `Retry-After` in seconds.
    struct Sent: Sendable {
        var url: String
        var status: Int?
        var retryAfter: Double?
    }

    @TaskLocal static var current: SentRequests?

    private let sent = Mutex<[Sent]>([])

    var last: Sent? { sent.withLock { $0.last } }

    func add(_ entry: RequestJournal.Entry) {
        var components = URLComponents(url: entry.url, resolvingAgainstBaseURL: false)
        if !entry.queryItems.isEmpty {
            let items = (components?.queryItems ?? []) + entry.queryItems
            components?.queryItems = items
        }
        let header = entry.responseHeaders.last { $0.name.lowercased() == "retry-after" }?.value
        let item = Sent(
            url: components?.string ?? entry.url.absoluteString, status: entry.status,
            retryAfter: RetryPolicy().retryAfter(header))
        sent.withLock { $0.append(item) }
    }
}
