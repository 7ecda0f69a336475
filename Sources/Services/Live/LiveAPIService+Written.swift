import Foundation
import JSON
import Networking

extension LiveAPIService {
    /// A write's answer as the record written. A service that answers less
    /// than the record — Django Ninja's tutorial answers a create with
    /// `{"id": 65}` and a `PUT` with `{"success": true}`, and so may any
    /// service behind a known resource's schema — has the record asked for
    /// by its id; should that fail, the fields sent, with what the service
    /// answered over them, stand for it. What is returned fits the
    /// resource's schema, or the write is bad data.
    func written(_ answer: JSONValue, _ resource: ResourceDescriptor, id: String?, sent fields: JSONObject)
        async throws(ServiceError) -> JSONValue
    {
        guard !resource.isObject, case .object(let object) = answer else { return try checked(answer, resource) }
        if !fields.contains(where: { object[$0.key] == nil }), Self.fits(answer, resource.schema) { return answer }
        let answeredID = object[resource.idField].flatMap { $0.stringValue ?? $0.intValue.map(String.init) }
        if let recordID = id ?? answeredID, (try? readsInListOnly(resource)) != true,
            let fetched = try? await record(resource, id: recordID),
            case .object = fetched, Self.fits(fetched, resource.schema)
        {
            return fetched
        }
        var merged = fields
        // An answer that names no record (`{"success": true}`) is a status, not fields of it.
        if answeredID != nil || object.keys.contains(where: { fields[$0] != nil }) {
            for (key, value) in object { merged[key] = value }
        }
        return try checked(.object(merged), resource)
    }

    /// Whether `value` is a record of `schema` (any value is, without one).
    static func fits(_ value: JSONValue, _ schema: RecordSchema?) -> Bool {
        guard let schema else { return true }
        return (try? schema.validate(value, path: "record")) != nil
    }

    /// `value`, or bad data naming where it breaks the resource's schema.
    func checked(_ value: JSONValue, _ resource: ResourceDescriptor) throws(ServiceError) -> JSONValue {
        do {
            try resource.schema?.validate(value, path: "record")
        } catch {
            throw hint.apply(to: error)
        }
        return value
    }

    /// Where a create answered `201 Created` with no body put the record:
    /// its `Location` (at most 2 KiB), only on the service's own origin —
    /// no credential goes elsewhere; `nil` when the answer has a body or
    /// no such `Location`.
    func createdLocation(_ response: Response, _ resource: ResourceDescriptor) -> URL? {
        guard response.body.isEmpty, resource.route != nil, !resource.isObject,
            let location = response.headers["Location"], location.utf8.count <= 2048,
            let url = ConventionPath.resolve(location, against: response.url), Redirects.sameOrigin(url, baseURL)
        else { return nil }
        return url
    }
}
