import Foundation
import JSON

/// POST, PUT, PATCH and DELETE, and the singular resources.
extension JSONServerRouter {
    /// The request body as a JSON object, or the 400 answer explaining why not.
    /// An empty body reads as `{}`, as json-server's body parser does.
    static func objectBody(_ request: EngineRequest) -> Result<JSONObject, BodyError> {
        guard let body = request.body, body.contains(where: { !" \t\r\n".utf8.contains($0) }) else {
            return .success(JSONObject())
        }
        do {
            guard case .object(let object) = try JSONParser.parse(body) else {
                return .failure(BodyError(message: "The request body must be a JSON object"))
            }
            return .success(object)
        } catch {
            return .failure(BodyError(message: "Malformed JSON body: \(error)"))
        }
    }

    /// Why a body was refused; answered as `400 {"error": message}`.
    struct BodyError: Error {
        var message: String
        var response: EngineResponse { .error(status: 400, message) }
    }

    mutating func create(_ name: String, request: EngineRequest, setting link: QueryItem? = nil) -> EngineResponse {
        var object: JSONObject
        switch JSONServerRouter.objectBody(request) {
        case .success(let body): object = body
        case .failure(let error): return error.response
        }
        let items = database.collections[name] ?? []
        if let link { object[link.name] = Int(link.value).map(JSONValue.int) ?? .string(link.value) }
        let key = database.idField(of: name)
        if let id = object[key], !id.isNull {
            if index(of: id.scriptString, in: items, field: key) != nil {
                return .error(status: 409, "Insert failed, duplicate id")
            }
        } else {
            object[key] = JSONServerRouter.nextID(in: items, field: key)
        }
        let created = JSONValue.object(object)
        database.modifyCollection(name) { $0.append(created) }
        invalidateCache([name])
        let id = object[key]?.scriptString ?? ""
        return .json(
            status: 201, created,
            headers: [
                HeaderField(name: "Access-Control-Expose-Headers", value: "Location"),
                HeaderField(name: "Location", value: "\(request.baseURL)/\(name)/\(QueryItem.encode(id))"),
            ])
    }

    /// The next id: the largest integer id plus one (1 for an empty
    /// collection); a random short string when the ids are not integers.
    static func nextID(in items: [JSONValue], field: String = "id") -> JSONValue {
        var largest: Int?
        for item in items {
            if case .int(let id)? = item[field] { largest = max(largest ?? id, id) }
        }
        if let largest {
            let (next, overflow) = largest.addingReportingOverflow(1)
            if !overflow { return .int(next) }
        }
        if items.isEmpty { return .int(1) }
        // Ids that are not integers, or an integer id at Int.max: a short random string.
        return .string(String(UUID().uuidString.lowercased().prefix(8)))
    }

    mutating func update(_ name: String, id: String, merge: Bool, request: EngineRequest) -> EngineResponse {
        let body: JSONObject
        switch JSONServerRouter.objectBody(request) {
        case .success(let object): body = object
        case .failure(let error): return error.response
        }
        let key = database.idField(of: name)
        guard let items = database.collections[name], let index = index(of: id, in: items, field: key),
            case .object(let existing) = items[index]
        else { return .notFound }
        var updated: JSONObject
        if merge {
            updated = existing
        } else {
            updated = JSONObject()
            updated[key] = existing[key]
        }
        for member in body where member.key != key { updated[member.key] = member.value }
        let value = JSONValue.object(updated)
        database.modifyCollection(name) { $0[index] = value }
        invalidateCache([name])
        return .json(status: 200, value)
    }

    /// Removes the item, then (as json-server does) the items of other
    /// collections that pointed at it through `<singular(name)>Id`.
    mutating func destroy(_ name: String, id: String) -> EngineResponse {
        let key = database.idField(of: name)
        guard let items = database.collections[name], let index = index(of: id, in: items, field: key) else {
            return .notFound
        }
        let removedID = items[index][key]?.scriptString ?? id
        database.modifyCollection(name) { _ = $0.remove(at: index) }
        var touched = [name]
        let foreignKey = Inflector.foreignKey(forParent: name)
        for other in database.resourceNames where other != name {
            let removed = database.modifyCollection(other) { items -> Int in
                let before = items.count
                items.removeAll { item in item[foreignKey].map { $0.scriptString == removedID } ?? false }
                return before - items.count
            }
            if let removed, removed > 0 { touched.append(other) }
        }
        invalidateCache(touched)
        return .json(status: 200, bytes: Array("{}".utf8))
    }

    /// A singular resource (top-level object): GET it, PUT/POST replace, PATCH merge.
    mutating func singular(method: String, name: String, request: EngineRequest) -> EngineResponse {
        guard let current = database.singulars[name] else { return .notFound }
        switch method {
        case "GET":
            return .json(status: 200, current)
        case "PUT", "POST", "PATCH":
            let body: JSONObject
            switch JSONServerRouter.objectBody(request) {
            case .success(let object): body = object
            case .failure(let error): return error.response
            }
            var updated = method == "PATCH" ? (current.objectValue ?? JSONObject()) : JSONObject()
            for member in body { updated[member.key] = member.value }
            database.setSingular(name, .object(updated))
            return .json(status: method == "POST" ? 201 : 200, .object(updated))
        default:
            return .notFound
        }
    }
}
