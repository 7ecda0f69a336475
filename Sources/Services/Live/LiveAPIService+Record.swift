import Foundation
import JSON
import Networking
import Synchronization

/// One record: read through the store, and a relation's record named from
/// what earlier answers carried.
extension LiveAPIService {
    /// Through the store: a record fetched before is asked for with its
    /// ETag (`If-None-Match`), so an unchanged one costs a 304 (`:watch`).
    /// Each call is answered by a request sent after it (a reload of the
    /// detail never gets what was asked before a write).
    public func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        try await record(resource, id: id, sharing: .sentLater)
    }

    /// The record with `id`: a reload is answered by a request sent after
    /// it was asked (`.sentLater`), a relation's label by any (`.anyInFlight`).
    func record(_ resource: ResourceDescriptor, id: String, sharing: ResourceStore.Sharing)
        async throws(ServiceError) -> JSONValue
    {
        if try readsInListOnly(resource) { throw ServiceError(.other, .readInListOnly(name: resource.name)) }
        let request = try recordRequest(resource, id: id)
        do throws(NetworkError) {
            let loaded = try await store.load(request, sharing: sharing)
            do throws(NetworkError) {
                if let route = resource.route, !resource.isObject {
                    let answer = Self.answer(loaded.body, url: request.resolvedURL ?? request.url)
                    let convention = conventions.reading(route)
                    let value = try convention.record(from: answer, route: route)
                    try resource.schema?.validate(value, path: "record")
                    related.keep(convention.related(in: answer, route: route), of: resource.name)
                    return value
                }
                return try Self.record(from: loaded.body, schema: resource.schema)
            } catch {
                // Not kept: a 304 would otherwise answer every reload with the same bad body.
                await store.discard(request)
                throw error
            }
        } catch {
            if case .status(405, _) = error, !resource.isObject {
                recordMethods.noteRefusedRead(under: try self.route(of: resource).path)
                throw ServiceError(.other, .readInListOnly(name: resource.name))
            }
            throw hint.apply(to: error)
        }
    }

    /// Whether `resource`'s records are read only in its list: its
    /// document writes no `GET` of one, or a record's `GET` answered 405
    /// in this run (no record of it is asked for again).
    func readsInListOnly(_ resource: ResourceDescriptor) throws(ServiceError) -> Bool {
        guard !resource.isObject else { return false }
        let route = try route(of: resource)
        return !route.readsRecords || !recordMethods.readsAlone(route.path)
    }

    /// One `OPTIONS` of the record's URL; its `Allow` (else, from a 2xx,
    /// its `Access-Control-Allow-Methods`)
    /// (at most 256 bytes, method tokens only) is remembered by path for
    /// the run, so another list of the collection does not ask again.
    public func allowedMethods(_ resource: ResourceDescriptor, id: String) async -> Set<String>? {
        guard case .http = reach, let path = try? route(of: resource).path else { return nil }
        if let known = recordMethods.methods(path) { return known }
        guard let request = try? recordRequest(resource, id: id).with(method: .options),
            let response = try? await network.send(request, validation: .none)
        else { return nil }
        // Without `Allow`, a CORS answer's methods (json-server's, aiohttp's): what it takes from a browser.
        let cors = (200..<300).contains(response.status) ? response.headers["Access-Control-Allow-Methods"] : nil
        guard let methods = Self.methods(inAllow: response.headers["Allow"] ?? cors) else { return nil }
        // No `GET` among them: a record is not asked for alone either (`readsInListOnly`).
        recordMethods.note(methods, for: path)
        return methods
    }

    /// `GET, HEAD, PATCH` → its methods; `nil` for no header, one too long
    /// or one that lists no method token.
    static func methods(inAllow header: String?) -> Set<String>? {
        guard let header, header.utf8.count <= 256 else { return nil }
        let methods = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
            .filter { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") } }
        return methods.isEmpty ? nil : Set(methods)
    }

    /// From what an answer of `resource` carried beside its rows, else one
    /// request for the record, joining one in flight and kept by the store.
    public func relatedRecord(
        _ target: ResourceDescriptor, id: String, from resource: ResourceDescriptor, field: String
    ) async throws(ServiceError) -> JSONValue {
        if let carried = related.record(RelatedKey(field, id), of: resource.name) { return carried }
        return try await record(target, id: id, sharing: .anyInFlight)
    }
}

/// What each collection's records take, by path, as the service said in
/// this run: the methods an `Allow` named
/// (``LiveAPIService/allowedMethods(_:id:)``), and whether a record is
/// read alone — not after a 405 to its `GET` (RFC 9110 §15.5.6: the path
/// takes other methods; the answer is cacheable by default) nor when the
/// methods named leave `GET` out. At most `limit` paths are kept (past it,
/// none: a miss costs one request).
final class RecordMethods: Sendable {
    private struct Known {
        var methods: Set<String>?
        var readsAlone = true
    }

    private let known = Mutex([String: Known]())
    let limit: Int

    init(limit: Int = 1_000) {
        self.limit = limit
    }

    /// A record's `GET` under `path` answered 405.
    func noteRefusedRead(under path: String) {
        update(path) { $0.readsAlone = false }
    }

    /// The records under `path` take `methods`.
    func note(_ methods: Set<String>, for path: String) {
        update(path) { known in
            known.methods = methods
            known.readsAlone = known.readsAlone && methods.contains("GET")
        }
    }

    func methods(_ path: String) -> Set<String>? {
        known.withLock { $0[path]?.methods }
    }

    func readsAlone(_ path: String) -> Bool {
        known.withLock { $0[path]?.readsAlone ?? true }
    }

    private func update(_ path: String, _ change: (inout Known) -> Void) {
        known.withLock { known in
            if known[path] == nil, known.count >= limit { known.removeAll() }
            change(&known[path, default: Known()])
        }
    }
}
