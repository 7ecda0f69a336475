import Foundation
import JSON

extension ODataState {
    /// `POST /Set` with the entity's properties (a to-one navigation
    /// property may be bound: `"Category@odata.bind": "Categories(3)"`):
    /// `201` with `Location` and the entity, or `204` with `Prefer: return=minimal`.
    func create(_ setName: String, _ body: Data, _ context: Context) -> TestHTTPResponse {
        guard let set = sets[setName] else { return problem(404, "No entity set \(setName).") }
        guard case .object(let sent)? = try? JSONParser.parse(body) else {
            return problem(400, "The body is not a JSON object.")
        }
        guard case .success(var entity) = properties(sent, set) else {
            return problem(400, properties(sent, set).failureMessage)
        }
        if entity[set.key] == nil {
            guard let next = nextKey[setName] else { return problem(400, "\(set.key) is required.") }
            entity[set.key] = .int(next)
            nextKey[setName] = next + 1
        }
        let key = entity[set.key] ?? .null
        guard self.entity(setName, key: key) == nil else { return problem(409, "An entity with this key exists.") }
        var ordered = JSONObject()
        for name in set.kinds.keys.sorted() where entity[name] == nil { ordered[name] = .null }
        for (name, value) in entity { ordered[name] = value }
        sets[setName]?.entities.append(ordered)
        let location = context.base + "/" + setName + "(" + ODataState.keyText(key) + ")"
        if context.prefer.contains("return=minimal") {
            return TestHTTPResponse(
                status: 204, headers: [("Location", location), ("OData-EntityId", location), ("OData-Version", "4.0")])
        }
        var response = single(setName, ordered, context)
        response.status = 201
        response.headers.append(("Location", location))
        return response
    }

    /// `PATCH` (the properties sent replace those held) or `PUT` (the whole
    /// entity replaced): `204`, or `200` with `Prefer: return=representation`.
    func update(
        _ setName: String, _ key: JSONValue, _ body: Data, replacing: Bool, _ context: Context
    ) -> TestHTTPResponse {
        guard let set = sets[setName],
            let index = set.entities.firstIndex(where: { ConventionValues.compare($0[set.key], key) == 0 })
        else { return problem(404, "No entity \(setName)(\(ODataState.keyText(key))).") }
        guard case .object(let sent)? = try? JSONParser.parse(body) else {
            return problem(400, "The body is not a JSON object.")
        }
        guard case .success(let changes) = properties(sent, set) else {
            return problem(400, properties(sent, set).failureMessage)
        }
        if let sentKey = changes[set.key], ConventionValues.compare(sentKey, key) != 0 {
            return problem(400, "The key \(set.key) cannot be changed.")
        }
        var entity = set.entities[index]
        if replacing {
            for name in set.kinds.keys where name != set.key { entity[name] = .null }
        }
        for (name, value) in changes { entity[name] = value }
        sets[setName]?.entities[index] = entity
        if context.prefer.contains("return=representation") {
            var response = single(setName, entity, context)
            response.headers.append(("Preference-Applied", "return=representation"))
            return response
        }
        return TestHTTPResponse(status: 204, headers: [("OData-Version", "4.0")])
    }

    /// What a body's members set: declared properties of the right kind,
    /// `Nav@odata.bind` for a to-one navigation property; annotations skipped.
    private func properties(_ sent: JSONObject, _ set: EntitySet) -> PropertiesResult {
        var result = JSONObject()
        for (name, value) in sent {
            if name.hasSuffix("@odata.bind") {
                let navigation = String(name.dropLast("@odata.bind".count))
                guard let (target, property) = set.toOne[navigation], let link = value.stringValue,
                    let segment = ODataPath.parse(link.split(separator: "/").last.map(String.init) ?? link)?.first,
                    segment.name == target, let key = segment.key, entity(target, key: key) != nil
                else { return .failure("The binding \(name) does not name an entity.") }
                result[property] = key
                continue
            }
            if name.hasPrefix("@") || name.contains("@") { continue }
            guard let kind = set.kinds[name] else {
                return .failure("The property '\(name)' does not exist on the entity type.")
            }
            guard Self.fits(value, kind) else { return .failure("The property '\(name)' takes a \(kind).") }
            result[name] = value
        }
        return .success(result)
    }

    enum PropertiesResult {
        case success(JSONObject)
        case failure(String)

        var failureMessage: String {
            if case .failure(let message) = self { return message }
            return ""
        }
    }

    static func fits(_ value: JSONValue, _ kind: String) -> Bool {
        switch (value, kind) {
        case (.null, _), (.int, "number"), (.double, "number"), (.string, "string"), (.bool, "bool"): true
        default: false
        }
    }

    /// `5`, `'o''brien'`.
    static func keyText(_ key: JSONValue) -> String {
        if case .string(let text) = key { return "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        return ConventionValues.text(key)
    }

    /// The comparisons whose literal does not fit the property's kind
    /// (`Price eq '5'`), worded as OData services word them.
    static func typeMismatch(_ filter: ODataFilter, _ kinds: [String: String]) -> String? {
        switch filter {
        case .compare(let property, _, let literal):
            guard let kind = kinds[property], !fits(literal, kind) else { return nil }
            return "A binary operator with incompatible types was detected: \(property) (\(kind)) and \(literal)."
        case .function(_, let property, _, _):
            return kinds[property] == "string" ? nil : "\(property) is not a string."
        case .and(let lhs, let rhs), .or(let lhs, let rhs): return typeMismatch(lhs, kinds) ?? typeMismatch(rhs, kinds)
        case .not(let inner): return typeMismatch(inner, kinds)
        }
    }

    /// `Name desc, ID` applied; nil for an unknown property.
    static func ordered(_ entities: [JSONObject], by text: String, properties: [String: String]) -> [JSONObject]? {
        var keys: [(String, Bool)] = []
        for part in text.split(separator: ",") {
            let words = part.split(separator: " ").map(String.init)
            guard let name = words.first, properties[name] != nil, words.count <= 2,
                words.count == 1 || ["asc", "desc"].contains(words[1])
            else { return nil }
            keys.append((name, words.count == 2 && words[1] == "desc"))
        }
        return entities.sorted { lhs, rhs in
            for (name, descending) in keys {
                let order = ConventionValues.compare(lhs[name], rhs[name])
                if order != 0 { return descending ? order > 0 : order < 0 }
            }
            return false
        }
    }

    func json(_ body: JSONObject, status: Int = 200) -> TestHTTPResponse {
        TestHTTPResponse(
            status: status,
            headers: [
                ("Content-Type", "application/json;odata.metadata=minimal;charset=utf-8"), ("OData-Version", "4.0"),
            ],
            body: JSONWriter.data(.object(body)))
    }

    func problem(_ status: Int, _ message: String) -> TestHTTPResponse {
        let code = status == 404 ? "NotFound" : (status == 415 ? "UnsupportedMediaType" : "BadRequest")
        let error = JSONObject([("code", .string(code)), ("message", .string(message))])
        return json(JSONObject([("error", .object(error))]), status: status)
    }

    func notFound(_ what: String) -> TestHTTPResponse { problem(404, "Resource not found for the segment '\(what)'.") }
}
