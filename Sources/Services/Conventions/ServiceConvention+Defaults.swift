import Foundation
import JSON
import Networking

/// The plain REST reading of a `ResourceRoute`, which every convention gets
/// unless it says otherwise: a JSON array or the envelope's `itemsKey`
/// array (a dotted path reaches down: `_embedded.books`), the total at
/// `totalKey` or in `X-Total-Count`, `next`/`last` from the `Link` header,
/// records at `path/<id>`, writes as JSON.
extension ServiceConvention {
    public var mediaType: String { "application/json" }

    public func page(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> ConventionPage {
        try plainPage(from: answer, route: route)
    }

    /// The plain reading of a list answer: a JSON array, or the envelope's
    /// `itemsKey` array with its `totalKey` total.
    public func plainPage(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError)
        -> ConventionPage
    {
        let root = try Self.json(of: answer)
        let records: [JSONValue]
        var total: Int?
        if let items = root.arrayValue {
            records = items
        } else if let key = route.itemsKey, let items = (root[key] ?? root.value(atPath: key))?.arrayValue {
            records = items
            total = route.totalKey.flatMap { (root[$0] ?? root.value(atPath: $0))?.intValue }
        } else {
            throw .decoding(path: route.itemsKey ?? "", reason: "expected an array of records")
        }
        return ConventionPage(
            records: records, total: answer.totalCount ?? total, next: answer.links["next"],
            last: answer.links["last"])
    }

    public func record(from answer: ConventionAnswer, route: ResourceRoute) throws(NetworkError) -> JSONValue {
        let value = try Self.json(of: answer)
        guard value.objectValue != nil else { throw .decoding(path: "", reason: "expected an object") }
        return value
    }

    /// One dialect: the convention itself.
    public func speaking(_ dialect: ServerDialect, about resource: ResourceDescriptor) -> any ServiceConvention {
        self
    }

    /// One dialect: nothing to learn first.
    public func learnsDialect(before query: ListQuery, resent: Bool) -> Bool { false }

    /// Plain REST answers carry no related records beside their rows.
    public func related(in answer: ConventionAnswer, route: ResourceRoute) -> [RelatedKey: JSONValue] { [:] }

    public func recordPath(id: String, route: ResourceRoute) -> String {
        ConventionPath.record(id, in: route.path)
    }

    public func queryItems(_ query: ListQuery, route: ResourceRoute, cursor: String?) -> [URLQueryItem] {
        route.queryItems(query, filters: query.filters, cursor: cursor)
    }

    /// What the convention spells: a search when a query with one sends a
    /// parameter more (its name), a sort likewise, and every filter
    /// operator. A convention whose server applies less says so.
    public func capabilities(route: ResourceRoute) -> ListCapabilities {
        defaultCapabilities(route: route)
    }

    /// What the convention's query encoding spells: a search parameter when
    /// a search adds one, sorting when a sort adds one, every operator.
    public func defaultCapabilities(route: ResourceRoute) -> ListCapabilities {
        let plain = Set(queryItems(ListQuery(), route: route, cursor: nil))
        let searched = queryItems(ListQuery(search: "x"), route: route, cursor: nil)
        let sorted = queryItems(ListQuery(sort: [ListQuery.SortKey("id")]), route: route, cursor: nil)
        return ListCapabilities(
            searchParameter: searched.first { !plain.contains($0) }?.name,
            filterOperators: Set(ListQuery.Filter.Operator.allCases),
            sorts: sorted.contains { !plain.contains($0) })
    }

    public func write(_ write: ConventionWrite, route: ResourceRoute) -> ConventionRequest {
        plainWrite(write, route: route)
    }

    /// The plain REST write: `POST` to the collection, `PATCH`, `PUT` and
    /// `DELETE` at the record's path, JSON bodies.
    public func plainWrite(_ write: ConventionWrite, route: ResourceRoute) -> ConventionRequest {
        switch write {
        case .create(let fields):
            return jsonRequest(.post, route.path, fields)
        case .update(let id, let fields):
            return jsonRequest(.patch, recordPath(id: id, route: route), fields)
        case .replace(let id, let fields):
            return jsonRequest(.put, recordPath(id: id, route: route), fields)
        case .delete(let id):
            return ConventionRequest(method: .delete, path: recordPath(id: id, route: route))
        }
    }

    /// A request whose body is `fields` as JSON in this convention's media type.
    public func jsonRequest(_ method: HTTPMethod, _ path: String, _ fields: JSONObject) -> ConventionRequest {
        ConventionRequest(method: method, path: path, body: JSONWriter.data(.object(fields)), contentType: mediaType)
    }

    /// The answer's body as JSON, or a decoding error that says so.
    public static func json(of answer: ConventionAnswer) throws(NetworkError) -> JSONValue {
        if let json = answer.json { return json }
        do {
            return try JSONParser.parse(answer.data)
        } catch {
            throw .decoding(path: "", reason: "not valid JSON (\(error))")
        }
    }
}
