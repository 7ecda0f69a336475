import Foundation
import JSON
import Networking

/// Reading list and record answers: json-server's arrays and envelopes
/// (the dialect they reveal), or the route's convention.
extension LiveAPIService {
    /// A record body: a JSON object that fits `schema`.
    static func record(from body: Data, schema: RecordSchema?) throws(NetworkError) -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            throw NetworkError.decoding(path: "", reason: "not valid JSON (\(error))")
        }
        guard value.objectValue != nil else { throw NetworkError.decoding(path: "", reason: "expected an object") }
        try schema?.validate(value, path: "record")
        return value
    }

    func listing(from loaded: LoadedResource, request: Request, resource: ResourceDescriptor, paged: Bool)
        throws(NetworkError) -> (Listing<JSONValue>, ServerDialect?)
    {
        let body = loaded.body
        let schema = resource.schema
        let route = resource.route
        let conventions = conventions
        let page = try loaded.decoded.value { () throws(NetworkError) -> Page in
            if let route, route.itemsKey != nil || route.paging != .jsonServer {
                let answer = Self.answer(loaded, url: request.resolvedURL ?? request.url)
                let page = try conventions.reading(route).pageWithLinkedTotal(from: answer, route: route)
                return Page(records: page.records, total: page.total, dialect: nil, related: page.related)
            }
            let (records, total, dialect) = try JSONValue.page(from: body, paged: paged)
            try schema?.validate(records)
            return Page(records: records, total: total, dialect: dialect)
        }
        related.keep(page.related, of: resource.name)
        var total = loaded.totalCount ?? page.total
        if let route, !route.pages { total = page.records.count }
        let listing = Listing(
            items: page.records, totalCount: total, fetchedAt: loaded.fetchedAt, origin: loaded.origin)
        return (listing, page.dialect)
    }

    /// A decoded list body: its records, the total an envelope gave, and
    /// the dialect its shape revealed.
    struct Page: Sendable {
        var records: [JSONValue]
        var total: Int?
        var dialect: ServerDialect?
        /// What the answer carried beside its rows (`included`, `_embedded`).
        var related: [RelatedKey: JSONValue] = [:]
    }
}
