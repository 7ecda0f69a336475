import Foundation
import JSONServerCore
import Networking

extension JSONValue {
    /// The records of a list answer: the body must be a JSON array.
    static func records(from body: Data) throws(NetworkError) -> [JSONValue] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            throw .decoding(path: "", reason: "not valid JSON (\(error))")
        }
        guard let items = root.arrayValue else { throw .decoding(path: "", reason: "expected an array") }
        return items
    }
}
