import Foundation
import JSON

extension JSONAPIState {
    /// `POST /type` with `{data:{type, attributes, relationships}}`: `201`
    /// with `Location` and the new resource.
    func create(_ type: String, _ body: Data, base: String) -> TestHTTPResponse {
        guard case .object(let data)? = (try? JSONParser.parse(body))?["data"] else {
            return error(400, "Invalid document", detail: "no data object", pointer: "/data")
        }
        guard data["type"]?.stringValue == type else {
            return error(409, "Conflict", detail: "type must be \(type)", pointer: "/data/type")
        }
        let attributes = data["attributes"]?.objectValue ?? JSONObject()
        if let required = Self.requiredAttributes[type], attributes[required]?.stringValue?.isEmpty ?? true {
            return error(
                422, "Invalid attribute", detail: "\(required) is required", pointer: "/data/attributes/\(required)")
        }
        guard let toOne = relationships(data, type: type) else {
            return error(
                422, "Invalid relationship", detail: "unknown related resource", pointer: "/data/relationships")
        }
        let id = String(nextID[type] ?? 1)
        nextID[type] = (nextID[type] ?? 1) + 1
        var item = JSONAPIResource(type: type, id: id, attributes: attributes, toOne: [:])
        if type == "articles" { item.toOne["author"] = .some(nil) }
        for (name, identifier) in toOne { item.toOne[name] = identifier }
        store[type, default: []].append(item)
        let url = base + "/\(type)/\(id)"
        return document(
            JSONObject([("data", render(item, base: base, fields: [:]))]), status: 201, headers: [("Location", url)])
    }

    /// `PATCH /type/id` with `{data:{type, id, attributes}}`: the members
    /// sent replace those held; `200` with the resource.
    func update(_ type: String, _ id: String, _ body: Data, base: String) -> TestHTTPResponse {
        guard let index = store[type]?.firstIndex(where: { $0.id == id }) else { return notFound("/\(type)/\(id)") }
        guard case .object(let data)? = (try? JSONParser.parse(body))?["data"] else {
            return error(400, "Invalid document", detail: "no data object", pointer: "/data")
        }
        guard data["type"]?.stringValue == type else {
            return error(409, "Conflict", detail: "type must be \(type)", pointer: "/data/type")
        }
        guard data["id"]?.stringValue == id else {
            return error(409, "Conflict", detail: "id must be \(id)", pointer: "/data/id")
        }
        guard let toOne = relationships(data, type: type) else {
            return error(
                422, "Invalid relationship", detail: "unknown related resource", pointer: "/data/relationships")
        }
        if let unknown = unknownAttribute(data["attributes"]?.objectValue ?? JSONObject(), type: type) {
            return error(422, "Unknown attribute", detail: unknown, pointer: "/data/attributes/\(unknown)")
        }
        var item = store[type]?[index] ?? JSONAPIResource(type: type, id: id, attributes: JSONObject(), toOne: [:])
        for (key, value) in data["attributes"]?.objectValue ?? JSONObject() { item.attributes[key] = value }
        for (name, identifier) in toOne { item.toOne[name] = identifier }
        store[type]?[index] = item
        return document(JSONObject([("data", render(item, base: base, fields: [:]))]))
    }

    /// The first attribute a resource of `type` does not have.
    private func unknownAttribute(_ attributes: JSONObject, type: String) -> String? {
        let known = Set(Self.attributeNames[type] ?? [])
        return attributes.keys.first { !known.contains($0) }
    }

    static let attributeNames = [
        "articles": JSONAPIData.article(1).attributes.keys, "people": JSONAPIData.people()[0].attributes.keys,
    ]

    /// The to-one relationships a write sets; nil when one names a resource that does not exist.
    private func relationships(_ data: JSONObject, type: String) -> [String: JSONAPIIdentifier?]? {
        var result: [String: JSONAPIIdentifier?] = [:]
        for (name, value) in data["relationships"]?.objectValue ?? JSONObject() {
            guard type == "articles", name == "author" else { return nil }
            guard let linkage = value["data"] else { return nil }
            if linkage.isNull {
                result[name] = .some(nil)
                continue
            }
            guard let targetType = linkage["type"]?.stringValue, let targetID = linkage["id"]?.stringValue,
                resource(targetType, targetID) != nil
            else { return nil }
            result[name] = JSONAPIIdentifier(type: targetType, id: targetID)
        }
        return result
    }
}
