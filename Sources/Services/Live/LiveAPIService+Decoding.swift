import Foundation
import JSON
import Networking

/// Reading list and record answers: by the convention that lists the
/// resource's route (the dialect a page's shape reveals with them).
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

    /// A list answer of `resource` read by its convention in the dialect
    /// `request` was spelt in, and the dialect the answer's shape revealed.
    func listing(
        from loaded: LoadedResource, request: Request, resource: ResourceDescriptor, dialect: ServerDialect
    ) throws(NetworkError) -> (Listing<JSONValue>, ServerDialect?) {
        let schema = resource.schema
        let route: ResourceRoute
        let convention: any ServiceConvention
        do throws(ServiceError) {
            route = try self.route(of: resource)
            convention = try listConvention(resource, dialect)
        } catch {
            // Only a name no route takes fails here, and its request was
            // refused before it was sent: said as the URL it cannot be.
            throw .invalidURL(resource.name)
        }
        let page = try loaded.decoded.value { () throws(NetworkError) -> ConventionPage in
            let answer = Self.answer(loaded, url: request.resolvedURL ?? request.url)
            let page = try convention.pageWithLinkedTotal(from: answer, route: route)
            try schema?.validate(page.records)
            return page
        }
        related.keep(page.related, of: resource.name)
        var total = loaded.totalCount ?? page.total
        if !route.pages { total = page.records.count }
        let listing = Listing(
            items: page.records, totalCount: total, fetchedAt: loaded.fetchedAt, origin: loaded.origin)
        return (listing, page.dialect)
    }
}
