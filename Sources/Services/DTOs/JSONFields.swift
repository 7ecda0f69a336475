import JSON
import Networking

/// Reads typed fields out of one parsed JSON object, naming the exact path
/// of what is wrong (`[3].address.geo.lat: expected String`).
struct JSONFields {
    let object: JSONObject
    let path: String

    init(_ value: JSONValue, path: String) throws(NetworkError) {
        guard case .object(let object) = value else { throw .decoding(path: path, reason: "expected an object") }
        self.object = object
        self.path = path
    }

    func int(_ key: String) throws(NetworkError) -> Int { try field(key, "Int", \.intValue) }
    func string(_ key: String) throws(NetworkError) -> String { try field(key, "String", \.stringValue) }
    func bool(_ key: String) throws(NetworkError) -> Bool { try field(key, "Bool", \.boolValue) }

    /// A nested object's fields.
    func nested(_ key: String) throws(NetworkError) -> JSONFields {
        guard let value = object[key] else { throw .decoding(path: "\(path).\(key)", reason: "missing") }
        return try JSONFields(value, path: "\(path).\(key)")
    }

    private func field<T>(_ key: String, _ type: String, _ read: (JSONValue) -> T?) throws(NetworkError) -> T {
        guard let value = object[key] else { throw .decoding(path: "\(path).\(key)", reason: "missing") }
        guard let typed = read(value) else { throw .decoding(path: "\(path).\(key)", reason: "expected \(type)") }
        return typed
    }
}
