import Foundation
import Networking
import Synchronization

/// Keeps the run's requests in the cache's request history (`:history`),
/// per environment and base URL.
///
/// `record` only appends a small value to a buffer; one task at a time
/// writes what the buffer holds in one transaction, so requests arriving
/// while it writes go out together in the next batch, and nothing waits
/// for the disk on the path of a request.
public final class RequestHistoryRecorder: Sendable {
    private let storage: any StorageService
    /// The cache namespace: environment and base URL.
    public let namespace: String
    /// The base URL's path (`/api`), taken off every target.
    private let basePath: String
    private let pending = Mutex(Pending())
    private let describe: @Sendable (NetworkError) -> String

    private struct Pending {
        var requests: [StoredRequest] = []
        var isWriting = false
        var drained: [CheckedContinuation<Void, Never>] = []
    }

    /// `describe` words a failed request's error for the stored row (the
    /// app gives Modules' `userMessage`: Services knows no words).
    public init(
        storage: any StorageService, namespace: String, baseURL: URL,
        describe: @escaping @Sendable (NetworkError) -> String
    ) {
        self.describe = describe
        self.storage = storage
        self.namespace = namespace
        var path = baseURL.path
        while path.hasSuffix("/") { path.removeLast() }
        basePath = path
    }

    /// Records the journal's entries from now on.
    public func attach(to journal: RequestJournal) {
        journal.onAppend { [self] entry in record(entry) }
    }

    /// Queues `entry` for the next batch.
    public func record(_ entry: RequestJournal.Entry) {
        let request = stored(entry)
        let startsWriter = pending.withLock { pending in
            pending.requests.append(request)
            guard !pending.isWriting else { return false }
            pending.isWriting = true
            return true
        }
        if startsWriter { Task { await writeAll() } }
    }

    /// Waits until everything recorded so far is written.
    public func flush() async {
        await withCheckedContinuation { continuation in
            let done = pending.withLock { pending in
                guard pending.isWriting else { return true }
                pending.drained.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func writeAll() async {
        while true {
            let batch = pending.withLock { pending in
                let batch = pending.requests
                pending.requests = []
                return batch
            }
            if !batch.isEmpty { await storage.appendRequests(batch, keeping: StoredRequest.kept) }
            let waiting: [CheckedContinuation<Void, Never>]? = pending.withLock { pending in
                guard pending.requests.isEmpty else { return nil }
                pending.isWriting = false
                defer { pending.drained = [] }
                return pending.drained
            }
            if let waiting {
                waiting.forEach { $0.resume() }
                return
            }
        }
    }

    /// The entry as the history keeps it: the target relative to the base
    /// URL, the body dropped when over 1 MiB.
    func stored(_ entry: RequestJournal.Entry) -> StoredRequest {
        var target = entry.target
        if !basePath.isEmpty, target.hasPrefix(basePath) { target.removeFirst(basePath.count) }
        if !target.hasPrefix("/") { target = "/" + target }
        let answer: String
        switch entry.answer {
        case .network: answer = "network"
        case .revalidated: answer = "revalidated"
        case .fake: answer = "fake"
        }
        return StoredRequest(
            namespace: namespace, startedAt: entry.startedAt, method: entry.method, target: target,
            status: entry.status, failure: entry.failure.map(describe), answer: answer,
            milliseconds: entry.milliseconds,
            bytes: entry.responseBytes, requestHeaders: entry.requestHeaders.map { [$0.name, $0.value] },
            responseHeaders: entry.responseHeaders.map { [$0.name, $0.value] },
            body: entry.body.count > StoredRequest.largestKeptBody ? Data() : entry.body,
            requestBody: entry.requestBody.count > StoredRequest.largestKeptRequestBody ? Data() : entry.requestBody)
    }
}
