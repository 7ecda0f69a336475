import Foundation
import JSON

/// Pure readings of JSON:API 1.1 documents: resource objects flattened to
/// rows, links (a string or a link object's `href`), totals in `meta`.
public enum JSONAPIDocument {
    /// JSON:API's media type (`application/vnd.api+json`).
    public static let mediaType = "application/vnd.api+json"

    /// A resource object as a row: `id`, then its attributes at the top
    /// level, then each to-one relationship's related id under the
    /// relationship's name (`author: "9"`, null when empty). An attribute
    /// named `id` or `type` (forbidden by the specification) does not
    /// replace the resource's own; a relationship named like an attribute
    /// leaves the attribute in place.
    public static func row(_ resource: JSONValue) -> JSONValue? {
        guard case .object(let object) = resource, let id = identifier(object["id"]) else { return nil }
        var row = JSONObject([("id", .string(id))])
        for (key, value) in object["attributes"]?.objectValue ?? JSONObject() where key != "id" && key != "type" {
            row[key] = value
        }
        for (name, relationship) in object["relationships"]?.objectValue ?? JSONObject() where row[name] == nil {
            guard let linkage = relationship["data"] else { continue }
            switch linkage {
            case .null: row[name] = .null
            case .object(let target): row[name] = identifier(target["id"]).map(JSONValue.string) ?? .null
            default: continue  // to-many: followed by its related link, not shown as a field
            }
        }
        return .object(row)
    }

    /// The resource object's `type`.
    public static func type(of resource: JSONValue) -> String? { resource["type"]?.stringValue }

    /// An id as text (the specification says string; a number is read too).
    static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .int(let number)?: String(number)
        default: nil
        }
    }

    /// A link's target: a string, or a link object's `href`; nil for null or absent.
    public static func href(_ link: JSONValue?) -> String? {
        switch link {
        case .string(let text)?: text
        case .object(let object)?: object["href"]?.stringValue
        default: nil
        }
    }

    /// `links.<name>` of `document`, resolved against `origin`.
    public static func link(_ name: String, in document: JSONValue, origin: URL) -> URL? {
        href(document["links"]?[name]).flatMap { ConventionPath.resolve($0, against: origin) }
    }

    /// The total `meta` says, where services put it: `count`, `total`,
    /// `totalCount`, `total_count`, `page.total`, `page.totalCount`,
    /// `pagination.count`, `pagination.total`, `record-count`, `record_count`.
    public static func total(in document: JSONValue) -> Int? {
        guard let meta = document["meta"] else { return nil }
        let paths = [
            "count", "total", "totalCount", "total_count", "record-count", "record_count", "page.total",
            "page.totalCount", "page.total_count", "pagination.count", "pagination.total",
        ]
        for path in paths {
            if let number = meta.value(atPath: path)?.intValue { return number }
        }
        return nil
    }

    /// The related records a compound document carries (`included`), as
    /// rows keyed by their type and id.
    public static func included(in document: JSONValue) -> [RecordKey: JSONValue] {
        var result: [RecordKey: JSONValue] = [:]
        for item in document["included"]?.arrayValue ?? [] {
            guard let type = type(of: item), let row = row(item), let id = row["id"]?.stringValue else { continue }
            result[RecordKey(type, id)] = row
        }
        return result
    }

    /// The included records the resources of `document`'s `data` (one or
    /// many) point at through to-one relationships, by the row field that
    /// holds the related id (the relationship's name) and that id.
    public static func related(in document: JSONValue) -> [RelatedKey: JSONValue] {
        let included = included(in: document)
        guard !included.isEmpty, let data = document["data"] else { return [:] }
        var result: [RelatedKey: JSONValue] = [:]
        for resource in data.arrayValue ?? [data] {
            for (name, relationship) in resource["relationships"]?.objectValue ?? JSONObject() {
                guard case .object(let target)? = relationship["data"], let type = target["type"]?.stringValue,
                    let id = identifier(target["id"]), let row = included[RecordKey(type, id)]
                else { continue }
                result[RelatedKey(name, id)] = row
            }
        }
        return result
    }

    /// The body of a write: `{data: {type, id?, attributes, relationships?}}`.
    /// Fields named in `relationships` (field → related type) go there as
    /// resource identifiers (`author: "9"` → `{data: {type: "people", id: "9"}}`,
    /// empty → null); `id` is sent only for a change.
    public static func writeBody(
        type: String, id: String?, fields: JSONObject, relationships: [String: String]
    ) -> JSONValue {
        var attributes = JSONObject()
        var links = JSONObject()
        for (key, value) in fields where key != "id" && key != "type" {
            if let relatedType = relationships[key] {
                let target = identifier(value) ?? ""
                links[key] = .object(
                    JSONObject([
                        (
                            "data",
                            target.isEmpty
                                ? .null
                                : .object(JSONObject([("type", .string(relatedType)), ("id", .string(target))]))
                        )
                    ]))
            } else {
                attributes[key] = value
            }
        }
        var data = JSONObject([("type", .string(type))])
        if let id { data["id"] = .string(id) }
        data["attributes"] = .object(attributes)
        if !links.isEmpty { data["relationships"] = .object(links) }
        return .object(JSONObject([("data", .object(data))]))
    }
}
