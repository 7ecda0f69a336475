import Foundation
import JSON
import Networking

/// The next cursor each page of a cursor-paged collection answered, by the
/// page's URL: the page after it is asked without reading it again.
actor CursorBook {
    private var next: [String: String?] = [:]

    func note(_ cursor: String?, after url: String) { next[url] = .some(cursor) }

    func cursor(after url: String) -> String?? { next[url] }
}

extension LiveAPIService {
    /// Where page `query.page` of a cursor-paged collection starts.
    enum CursorStart: Equatable {
        /// The first page (or a collection that pages otherwise): no cursor.
        case first
        /// After the page that answered this cursor.
        case after(String)
        /// A page before it was the last: there is no such page.
        case beyondEnd
    }

    /// The cursor that asks for `query.page`: the next cursor of each page
    /// before it, read page after page (through the store; a page read before
    /// is not asked again).
    func cursorStart(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> CursorStart {
        guard let route = resource.route, route.isCursorPaged, let page = query.page, page > 1 else { return .first }
        let dialect = await store.serverDialect()
        var cursor: String?
        for number in 1..<page {
            var earlier = query
            earlier.page = number
            let request = try listRequest(resource, earlier, dialect, cursor: cursor)
            let url = Self.cursorKey(request)
            let next: String?
            if let known = await cursors.cursor(after: url) {
                next = known
            } else {
                do throws(NetworkError) {
                    let loaded = try await store.load(request)
                    next = route.nextCursor(in: (try? JSONParser.parse(loaded.body)) ?? .null, link: loaded.nextLink)
                } catch {
                    throw hint.apply(to: error)
                }
                await cursors.note(next, after: url)
            }
            guard let next else { return .beyondEnd }
            cursor = next
        }
        return cursor.map(CursorStart.after) ?? .first
    }

    /// Notes the next cursor a page of a cursor-paged collection answered.
    func noteCursor(of loaded: LoadedResource, request: Request, route: ResourceRoute?) async {
        guard let route, route.isCursorPaged else { return }
        // A revalidated answer has no headers: what its page said is noted already.
        if case .cursor(_, _, let next) = route.paging, next == ResourceRoute.linkHeader, loaded.origin != .network {
            return
        }
        let root = (try? JSONParser.parse(loaded.body)) ?? .null
        await cursors.note(route.nextCursor(in: root, link: loaded.nextLink), after: Self.cursorKey(request))
    }

    /// A page's request as the cursor book knows it: its URL and query.
    static func cursorKey(_ request: Request) -> String {
        request.url.absoluteString + "?"
            + request.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
    }

    /// The empty page past the last one.
    static func pastTheEnd() -> Listing<JSONValue> {
        Listing(items: [], totalCount: nil, fetchedAt: Date(), origin: .network)
    }
}
