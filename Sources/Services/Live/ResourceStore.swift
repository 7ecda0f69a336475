import Foundation
import Logging
import Networking

/// The body of one GET, as the store hands it out.
public struct LoadedResource: Sendable {
    public var body: Data
    public var totalCount: Int?
    public var fetchedAt: Date
    public var origin: DataOrigin
    /// The `Link: <…>; rel="next"` of an answer from the network (not kept
    /// in the cache: a revalidated or offline answer has none).
    public var nextLink: URL?
    /// Every `Link` relation of an answer from the network (`last`,
    /// `prev`: a page's total follows from them), resolved; not kept either.
    public var links: [String: URL] = [:]
    /// The decoded body, computed by the first observer that asks and
    /// shared with the others: one response is decoded once.
    public let decoded = DecodeMemo()

    public init(body: Data, totalCount: Int?, fetchedAt: Date, origin: DataOrigin) {
        self.body = body
        self.totalCount = totalCount
        self.fetchedAt = fetchedAt
        self.origin = origin
    }

    /// The same answer without its decoded body (decoded again when asked):
    /// what a state nobody observes keeps. A page of 500 records is some
    /// 50 KB of body and several times that decoded, and a long session of
    /// far jumps leaves dozens of such states behind.
    func withoutDecoded() -> LoadedResource {
        var copy = LoadedResource(body: body, totalCount: totalCount, fetchedAt: fetchedAt, origin: origin)
        copy.nextLink = nextLink
        copy.links = links
        return copy
    }
}

/// Resource-centric state for GET requests (the Siesta idea): one entry per
/// URL, shared by every screen that asks for it.
///
/// - Two loads of one URL while a request is in flight share that request;
///   a reload shares only a request sent after it was asked (``Sharing``),
///   so it never answers with what the server said before a write landed.
/// - A stored ETag / Last-Modified is sent back (`If-None-Match`,
///   `If-Modified-Since`); a 304 reuses the stored body, across restarts.
/// - Each good answer is written to storage for offline use.
/// - A request nobody waits for any more (its loads cancelled, its
///   resource's last observer gone) is cancelled, the transfer with it.
public actor ResourceStore {
    private let network: NetworkClient
    private let storage: any StorageService
    private let namespace: String
    private let now: @Sendable () -> Date
    let logger: Logger
    /// The request in flight per key, and the one reload queued behind it.
    var inFlight: [String: Flight] = [:]
    var queued: [String: Flight] = [:]
    /// Who still wants each request's answer (see ``ResourceStore+Interest``).
    var interest = FlightInterest()
    /// How long a request nobody wants any more goes on before it is
    /// cancelled: a screen made again (the start's screens remade from a
    /// document) observes again within it and keeps the request.
    let stopGrace: Duration
    var states: [String: ResourceState] = [:]
    /// When each state was last touched (a counter): the idle ones least
    /// recently touched go first once more than ``idleStates`` are kept.
    var touches: [String: UInt64] = [:]
    var touchClock: UInt64 = 0
    /// The most states kept in memory for resources nobody observes and no
    /// load is under way for: a page visited again shows at once from them;
    /// beyond that they go (storage still holds each answer), so an hour of
    /// far jumps over a long list does not keep every page it saw.
    static let idleStates = 48
    /// The most bytes of answer bodies those idle states hold together: a
    /// page of 500 records is some 60 KB, and 48 of them kept in each
    /// service's store were what a long session grew by (heaptrack: the
    /// bodies of far jumps' pages). The least recently used go first; the
    /// page visited again comes from storage, then from the network.
    static let idleBytes = 1 << 20
    /// Loads started by ``reload(_:)`` / ``loadIfNeeded(_:maxAge:)`` not yet answered, per key.
    var publishing: [String: Int] = [:]
    /// How often each key was marked outdated: an answer to a load begun
    /// before the latest marking does not clear it.
    var outdatings: [String: Int] = [:]
    var observers: [String: [UUID: AsyncStream<ResourceState>.Continuation]] = [:]
    /// The service's query dialect: learnt this run, or read from storage once.
    private var dialect: ServerDialect?
    /// Storage was asked for the dialect (and had none, if `dialect` is nil):
    /// it is not asked again, so learning the dialect from the first answer
    /// does not wait for the cache behind that answer's own write.
    private var storedDialectRead = false

    /// - Parameters:
    ///   - namespace: keeps environments apart in one cache (`fake`, `production|https://…`).
    ///   - stopGrace: see ``stopGrace`` (`.zero`: at once).
    public init(
        network: NetworkClient, storage: any StorageService, namespace: String, logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init, stopGrace: Duration = .milliseconds(150)
    ) {
        self.stopGrace = stopGrace
        self.network = network
        self.storage = storage
        self.namespace = namespace
        self.logger = logger
        self.now = now
    }

    /// Bodies above this size (16 MB) are not kept for offline use.
    public static let largestCachedBody = 16 * 1024 * 1024

    func currentTime() -> Date { now() }

    /// The dialect the service speaks as far as is known (`v0` until an
    /// answer or an earlier run said otherwise).
    public func serverDialect() async -> ServerDialect {
        await knownServerDialect() ?? .v0
    }

    /// The dialect learnt this run or in an earlier one; `nil` before any
    /// paged answer said.
    public func knownServerDialect() async -> ServerDialect? {
        if let dialect { return dialect }
        if storedDialectRead { return nil }
        let stored = await storage.serverDialect(forService: namespace)
        storedDialectRead = true
        if dialect == nil { dialect = stored }
        return dialect
    }

    /// Records what an answer revealed; `true` when it differs from what was assumed.
    @discardableResult
    public func learn(_ seen: ServerDialect) async -> Bool {
        let known = await knownServerDialect()
        guard seen != known else { return false }
        dialect = seen
        logger.info("service dialect learnt", metadata: ["namespace": "\(namespace)", "dialect": "\(seen.rawValue)"])
        await storage.rememberServerDialect(seen, forService: namespace)
        // Only a change from what requests were built with needs them sent again.
        return seen != (known ?? .v0)
    }

    /// The cache key of a request: namespace plus the full URL.
    public func key(for request: Request) -> String {
        "\(namespace)|\(request.resolvedURL?.absoluteString ?? request.url.absoluteString)"
    }

    /// The stored answer for `request`, without the network.
    public func cached(_ request: Request) async -> LoadedResource? {
        guard let stored = await storage.cachedResponse(forKey: key(for: request)) else { return nil }
        return LoadedResource(
            body: stored.body, totalCount: stored.totalCount, fetchedAt: stored.fetchedAt, origin: .cache)
    }

    /// What a load may take from a request of its URL already in flight.
    public enum Sharing: Sendable {
        /// Any request in flight answers it: opening a screen, counting.
        case anyInFlight
        /// Only a request sent after this call: a reload the user asked for
        /// must see every write that reached the server before it. Reloads
        /// asked while one is in flight share the one request queued behind it.
        case sentLater
    }

    /// One request to the server, shared by every load that joined it.
    struct Flight {
        let id: UUID
        let key: String
        let task: Task<LoadedResource, any Error>
    }

    /// Fetches `request` from the server, conditionally when a validator is
    /// stored; concurrent calls for one URL share one request (see ``Sharing``).
    /// Cancelling the calling task gives up its interest: the request is
    /// cancelled when no other load waits for it and nobody observes its URL.
    public func load(_ request: Request, sharing: Sharing = .anyInFlight) async throws(NetworkError)
        -> LoadedResource
    {
        try await load(request, sharing: sharing, forObservers: false)
    }

    /// A load; `forObservers`: made on behalf of the resource's observers
    /// (``publish``), which then stand for its interest once there are any.
    func load(_ request: Request, sharing: Sharing, forObservers: Bool) async throws(NetworkError)
        -> LoadedResource
    {
        let key = key(for: request)
        let flight: Flight
        if let running = inFlight[key] {
            flight = sharing == .anyInFlight ? running : (queued[key] ?? queue(request, key: key, after: running))
        } else {
            flight = start(request, key: key)
        }
        let waiter = join(flight, forObservers: forObservers)
        let outcome = await withTaskCancellationHandler {
            await flight.task.result
        } onCancel: {
            Task { await self.leave(flight, waiter: waiter) }
        }
        return try Self.value(of: outcome)
    }

    /// Whether a request of `request`'s URL waits behind the one in flight.
    func hasQueuedRequest(_ request: Request) -> Bool {
        queued[key(for: request)] != nil
    }

    private func start(_ request: Request, key: String) -> Flight {
        let flight = flying(request, key: key, after: nil)
        inFlight[key] = flight
        return flight
    }

    /// A request sent once `running` has answered (and been stored, so it
    /// revalidates against that answer).
    private func queue(_ request: Request, key: String, after running: Flight) -> Flight {
        let flight = flying(request, key: key, after: running)
        queued[key] = flight
        return flight
    }

    private func flying(_ request: Request, key: String, after running: Flight?) -> Flight {
        let id = UUID()
        let task = Task {
            if let running {
                _ = await running.task.result
                // The queued request is the one in flight from now on.
                if self.queued[key]?.id == id { self.inFlight[key] = self.queued.removeValue(forKey: key) }
            }
            defer {
                if self.inFlight[key]?.id == id { self.inFlight[key] = nil }
                self.interest.landed(id)
            }
            return try await self.fetch(request, key: key)
        }
        return Flight(id: id, key: key, task: task)
    }

    /// Forgets the validators of every stored answer under `url` (after a write).
    /// Also marks what is held in memory for those URLs as outdated, so the
    /// next screen that looks loads again instead of trusting its freshness.
    /// A request already in flight for them left before the write: later
    /// loads no longer join it.
    public func invalidate(under url: URL) async {
        let prefix = "\(namespace)|\(url.absoluteString)"
        for key in states.keys where key.hasPrefix(prefix) { outdate(key) }
        for key in inFlight.keys where key.hasPrefix(prefix) { inFlight[key] = nil }
        await storage.invalidateResponses(withPrefix: prefix)
    }

    /// Forgets the stored answer for `request` (body and validators) and
    /// marks what is held in memory as outdated: an answer that did not
    /// decode must not be revalidated (a `304` would bring it back for as
    /// long as the server's entity tag stays) nor shown offline.
    public func discard(_ request: Request) async {
        let key = key(for: request)
        outdate(key)
        await storage.removeResponse(forKey: key)
    }

    private func outdate(_ key: String) {
        states[key]?.isOutdated = true
        outdatings[key, default: 0] += 1
    }

    private func fetch(_ request: Request, key: String) async throws(NetworkError) -> LoadedResource {
        let stored = await storage.cachedResponse(forKey: key)
        var conditional = request
        if let etag = stored?.etag {
            conditional = conditional |> withIfNoneMatch(etag)
        } else if let lastModified = stored?.lastModified, let date = HTTPDate.parse(lastModified) {
            conditional = conditional |> withIfModifiedSince(date)
        }
        // A 406 is asked once more in the media type the server offers.
        let response = try await network.sendNegotiating(
            conditional, validation: .customCodes(Set(200..<300).union([304])))
        if response.status == 304, var stored {
            stored.fetchedAt = now()
            await storage.store(stored)
            logger.debug("revalidated", metadata: ["url": "\(key)"])
            return LoadedResource(
                body: stored.body, totalCount: stored.totalCount, fetchedAt: stored.fetchedAt, origin: .revalidated)
        }
        if response.status == 304 {
            // A 304 without a stored body: ask again unconditionally.
            let full = try await network.sendNegotiating(request)
            return await keep(full, key: key)
        }
        return await keep(response, key: key)
    }

    private func keep(_ response: Response, key: String) async -> LoadedResource {
        let fetchedAt = now()
        let total = response.pageInfo.totalCount
        if response.body.count <= Self.largestCachedBody {
            await storage.store(
                CachedResponse(
                    key: key, body: response.body, etag: response.etag,
                    lastModified: response.headers["Last-Modified"], totalCount: total, fetchedAt: fetchedAt))
        } else {
            // Writing a huge body on every load costs more than the offline copy is worth.
            logger.debug("not cached: body too large", metadata: ["url": "\(key)", "bytes": "\(response.body.count)"])
            await storage.removeResponse(forKey: key)
        }
        var loaded = LoadedResource(body: response.body, totalCount: total, fetchedAt: fetchedAt, origin: .network)
        loaded.nextLink = response.pageInfo.next
        loaded.links = response.pageInfo.links
        return loaded
    }

    private static func value(of outcome: Result<LoadedResource, any Error>) throws(NetworkError) -> LoadedResource {
        switch outcome {
        case .success(let loaded): return loaded
        case .failure(let error as NetworkError): throw error
        case .failure(is CancellationError): throw NetworkError.cancelled
        case .failure(let error): throw NetworkError.transport("\(error)")
        }
    }
}
