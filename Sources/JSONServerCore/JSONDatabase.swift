import Foundation
import JSON

/// The data a json-server serves: named collections (top-level arrays) and
/// singular resources (top-level objects or scalars), in file order.
public struct JSONDatabase: Sendable, Hashable {
    /// Why a database file could not be used.
    public enum LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text is not valid JSON.
        case malformed(JSONParseError)
        /// The top level is not an object of resources.
        case notAnObject

        /// A one-line explanation naming the position.
        public var description: String {
            switch self {
            case .malformed(let error): return "invalid JSON: \(error)"
            case .notAnObject: return "the top level must be an object like {\"todos\": [...]}"
            }
        }
    }

    /// Resource names in file order.
    public private(set) var resourceNames: [String]
    /// Array resources by name.
    var collections: [String: [JSONValue]]
    /// Non-array resources (json-server's singular routes, e.g. `profile`).
    var singulars: [String: JSONValue]
    /// A snapshot's description (the top-level ``descriptionKey``): never
    /// served as data, not in `/db` or `/openapi.json`, kept first when saved.
    public private(set) var dataDescription: JSONValue? {
        didSet { idFields = Self.idFields(in: dataDescription) }
    }
    /// The field that addresses a collection's records where it is not
    /// `id`, as a snapshot's description says (`isbn`, OData's `UserName`):
    /// `/books/978-0` is the book whose `isbn` is `978-0`.
    public private(set) var idFields: [String: String] = [:]

    /// The top-level member that describes the data instead of being data
    /// (what `trestle snapshot` writes).
    public static let descriptionKey = "_trestle"

    /// Parses a json-server `db.json` text.
    public init(data: Data) throws(LoadError) {
        let root: JSONValue
        do { root = try JSONParser.parse(data) } catch { throw .malformed(error) }
        guard case .object(let object) = root else { throw .notAnObject }
        self.init(collections: object.members.map { ($0.key, $0.value) })
    }

    /// Parses a mapped `db.json` file, releasing the file's pages as the
    /// parse passes them (a large file is never resident whole beside its values).
    public init(mappedFile: MappedFile) throws(LoadError) {
        let root: JSONValue
        do { root = try JSONParser.parse(mappedFile) } catch { throw .malformed(error) }
        guard case .object(let object) = root else { throw .notAnObject }
        self.init(collections: object.members.map { ($0.key, $0.value) })
    }

    /// Builds from resources in order; arrays become collections, anything
    /// else a singular resource.
    public init(collections resources: [(String, JSONValue)]) {
        resourceNames = []
        collections = [:]
        singulars = [:]
        dataDescription = nil
        for (name, value) in resources {
            if name == Self.descriptionKey {
                dataDescription = value
                idFields = Self.idFields(in: value)
                continue
            }
            if collections[name] == nil && singulars[name] == nil { resourceNames.append(name) }
            if case .array(let items) = value {
                collections[name] = items
                singulars[name] = nil
            } else {
                singulars[name] = value
                collections[name] = nil
            }
        }
    }

    /// The items of an array resource, or `nil` when `name` is not one.
    public func collection(_ name: String) -> [JSONValue]? {
        collections[name]
    }

    /// The field that addresses the records of collection `name` (`id` unless the description says otherwise).
    public func idField(of name: String) -> String { idFields[name] ?? "id" }

    /// The id fields a description names: `resources[].idField` by `name`, where not `id`.
    static func idFields(in description: JSONValue?) -> [String: String] {
        var fields: [String: String] = [:]
        for resource in description?["resources"]?.arrayValue ?? [] {
            guard let name = resource["name"]?.stringValue, let field = resource["idField"]?.stringValue,
                !field.isEmpty, field != "id"
            else { continue }
            fields[name] = field
        }
        return fields
    }

    /// A singular (non-array) resource, or `nil` when `name` is not one.
    public func singular(_ name: String) -> JSONValue? {
        singulars[name]
    }

    /// The whole database as one JSON object in resource order.
    public var root: JSONValue {
        var object = JSONObject()
        for name in resourceNames {
            if let items = collections[name] {
                object[name] = .array(items)
            } else if let value = singulars[name] {
                object[name] = value
            }
        }
        return .object(object)
    }

    /// The database as JSON text to save: the description first, if any, then ``root``.
    public func data(pretty: Bool = true) -> Data {
        guard let dataDescription, case .object(let data) = root else { return JSONWriter.data(root, pretty: pretty) }
        var object = JSONObject()
        object[Self.descriptionKey] = dataDescription
        for (name, value) in data { object[name] = value }
        return JSONWriter.data(.object(object), pretty: pretty)
    }

    /// `(name, count)` for every collection in order; singular resources count 1.
    public var summary: [(name: String, count: Int)] {
        resourceNames.map { name in (name, collections[name]?.count ?? 1) }
    }

    /// Replaces (or adds) an array resource.
    public mutating func setCollection(_ name: String, _ items: [JSONValue]) {
        if collections[name] == nil && singulars[name] == nil { resourceNames.append(name) }
        singulars[name] = nil
        collections[name] = items
    }

    /// Replaces (or adds) a singular resource.
    public mutating func setSingular(_ name: String, _ value: JSONValue) {
        if collections[name] == nil && singulars[name] == nil { resourceNames.append(name) }
        collections[name] = nil
        singulars[name] = value
    }

    /// Applies `body` to a collection's items in place (no copy of the array).
    @discardableResult
    mutating func modifyCollection<Result>(_ name: String, _ body: (inout [JSONValue]) -> Result) -> Result? {
        guard collections[name] != nil else { return nil }
        return body(&collections[name, default: []])
    }

    public static func == (lhs: JSONDatabase, rhs: JSONDatabase) -> Bool {
        lhs.resourceNames == rhs.resourceNames && lhs.collections == rhs.collections && lhs.singulars == rhs.singulars
            && lhs.dataDescription == rhs.dataDescription
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(resourceNames)
        hasher.combine(collections)
        hasher.combine(singulars)
    }
}
