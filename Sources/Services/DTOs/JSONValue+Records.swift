import Foundation
import JSON
import Networking

extension JSONValue {
    /// The records of a list answer: a JSON array, or json-server v1's page
    /// envelope (`{"data": [...], "items": 200, ...}`), whose total is returned too.
    static func page(from body: Data, paged: Bool) throws(NetworkError) -> (
        records: [JSONValue], total: Int?, dialect: ServerDialect?
    ) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            throw .decoding(path: "", reason: "not valid JSON (\(error))")
        }
        let dialect = ServerDialect.of(listBody: root, paged: paged)
        if let items = root.arrayValue { return (items, nil, dialect) }
        if let data = root["data"]?.arrayValue { return (data, root["items"]?.intValue, dialect) }
        throw .decoding(path: "", reason: "expected an array of records")
    }

    /// The records of a list answer of a documented collection: a plain
    /// array, or the envelope's `itemsKey` array with its `totalKey` total.
    static func page(from body: Data, route: ResourceRoute) throws(NetworkError) -> (
        records: [JSONValue], total: Int?
    ) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            throw .decoding(path: "", reason: "not valid JSON (\(error))")
        }
        if let items = root.arrayValue { return (items, nil) }
        if let key = route.itemsKey, let items = root[key]?.arrayValue {
            return (items, route.totalKey.flatMap { root[$0]?.intValue })
        }
        throw .decoding(path: route.itemsKey ?? "", reason: "expected an array of records")
    }
}
