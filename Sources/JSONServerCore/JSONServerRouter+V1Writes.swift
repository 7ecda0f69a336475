import Foundation
import JSON

/// json-server v1's writes: server-chosen string ids, PUT/PATCH that keep
/// the id, deletes that nullify or delete what pointed at the record, and
/// object resources; and the string ids v1 keeps everywhere.
extension JSONServerRouter {
    mutating func createV1(_ name: String, request: EngineRequest) -> EngineResponse {
        var object: JSONObject
        switch Self.objectBody(request) {
        case .success(let body): object = body
        case .failure(let error): return error.response
        }
        let items = database.collections[name] ?? []
        // The server chooses the id; one the client sent is replaced.
        object["id"] = nil
        var created = JSONObject()
        created["id"] = .string(Self.newStringID(avoiding: items))
        for (key, value) in object { created[key] = value }
        let value = JSONValue.object(created)
        database.modifyCollection(name) { $0.append(value) }
        invalidateCache([name])
        return .json(status: 201, value)
    }

    mutating func updateV1(_ name: String, id: String, merge: Bool, request: EngineRequest) -> EngineResponse {
        let body: JSONObject
        switch Self.objectBody(request) {
        case .success(let object): body = object
        case .failure(let error): return error.response
        }
        let idField = database.idField(of: name)
        guard let items = database.collections[name], let index = indexV1(of: id, in: items, field: idField),
            case .object(let existing) = items[index]
        else { return .notFound }
        var updated = merge ? existing : JSONObject()
        for (key, value) in body where key != idField { updated[key] = value }
        updated[idField] = existing[idField]
        if !merge {
            // PUT: the id first, as json-server writes `{...body, id}` with id kept.
            updated = JSONObject(
                [(idField, existing[idField] ?? .string(id))]
                    + updated.filter { $0.key != idField }.map { ($0.key, $0.value) })
        }
        let value = JSONValue.object(updated)
        database.modifyCollection(name) { $0[index] = value }
        invalidateCache([name])
        return .json(status: 200, value)
    }

    /// Removes the item; other collections' `<singular(name)>Id` pointing at
    /// it become `null`, and the collections named by `_dependent` lose the
    /// items that pointed at it.
    mutating func destroyV1(_ name: String, id: String, request: EngineRequest) -> EngineResponse {
        let idField = database.idField(of: name)
        guard let items = database.collections[name], let index = indexV1(of: id, in: items, field: idField) else {
            return .notFound
        }
        let removed = items[index]
        let removedID = removed[idField] ?? .string(id)
        database.modifyCollection(name) { _ = $0.remove(at: index) }
        let dependents = Set(
            request.query.filter { $0.name == "_dependent" }.flatMap { $0.value.split(separator: ",").map(String.init) }
        )
        let foreignKey = Inflector.foreignKey(forParent: name)
        var touched = [name]
        for other in database.resourceNames where other != name && database.collections[other] != nil {
            let pointsHere: (JSONValue) -> Bool = { item in
                item[foreignKey].map { !$0.isNull && WhereClause.same($0, removedID) } ?? false
            }
            let changed = database.modifyCollection(other) { items -> Bool in
                guard items.contains(where: pointsHere) else { return false }
                if dependents.contains(other) {
                    items.removeAll(where: pointsHere)
                } else {
                    items = items.map { item in
                        guard pointsHere(item), case .object(var object) = item else { return item }
                        object[foreignKey] = .null
                        return .object(object)
                    }
                }
                return true
            }
            if changed == true { touched.append(other) }
        }
        invalidateCache(touched)
        return .json(status: 200, removed)
    }

    /// An object resource (`"profile": {…}`): GET, PUT replaces, PATCH merges;
    /// POST and DELETE are not routes.
    mutating func objectResource(method: String, name: String, request: EngineRequest) -> EngineResponse {
        guard let current = database.singulars[name] else { return .notFound }
        switch method {
        case "GET":
            return .json(status: 200, current)
        case "PUT", "PATCH":
            let body: JSONObject
            switch Self.objectBody(request) {
            case .success(let object): body = object
            case .failure(let error): return error.response
            }
            var updated = method == "PATCH" ? (current.objectValue ?? JSONObject()) : JSONObject()
            for (key, value) in body { updated[key] = value }
            database.setSingular(name, .object(updated))
            return .json(status: 200, .object(updated))
        default:
            return .notFound
        }
    }

    /// A short random hex id not used in `items` (json-server v1 uses 4 hex digits).
    static func newStringID(avoiding items: [JSONValue]) -> String {
        let used = Set(items.compactMap { $0["id"]?.scriptString })
        let digits = used.count < 20_000 ? 4 : 8
        while true {
            let candidate = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let id = String(String(repeating: "0", count: 8 - candidate.count) + candidate).suffix(digits)
            if !used.contains(String(id)) { return String(id) }
        }
    }

    /// json-server v1 keeps ids as strings: numbers become their text, a
    /// missing id gets a generated one.
    static func stringIDs(_ database: JSONDatabase) -> JSONDatabase {
        var copy = database
        for name in database.resourceNames {
            copy.modifyCollection(name) { items in
                guard items.contains(where: { item in if case .string = item["id"] { false } else { true } }) else {
                    return
                }
                var used = Set(items.compactMap { $0["id"]?.stringValue })
                items = items.map { item in
                    if let kept = withStringID(item) { return kept }
                    guard case .object(var object) = item else { return item }
                    var id = newStringID(avoiding: [])
                    while used.contains(id) { id = newStringID(avoiding: []) }
                    used.insert(id)
                    object["id"] = .string(id)
                    return .object(object)
                }
            }
        }
        return copy
    }

    /// `item` with its id as v1 keeps it (a number becomes its text); `nil`
    /// when the item is an object without a string or number id, which gets
    /// a generated one.
    static func withStringID(_ item: JSONValue) -> JSONValue? {
        guard case .object(var object) = item else { return item }
        switch object["id"] {
        case .string?: return item
        case .int?, .double?:
            object["id"] = .string(object["id"]?.scriptString ?? "")
            return .object(object)
        default: return nil
        }
    }
}
