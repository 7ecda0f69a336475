import Foundation
import JSON

/// Pure readings of OData v4 JSON answers: entities as rows (control
/// information such as `@odata.etag` and `Category@odata.navigationLink`
/// dropped, expanded navigation properties set apart), the service
/// document's entity sets, `@odata.count` and `@odata.nextLink`.
public enum ODataDocument {
    /// An entity without its annotations and expanded navigation
    /// properties (objects and arrays of objects): the row a list shows.
    public static func row(_ entity: JSONValue) -> JSONValue {
        guard case .object(let object) = entity else { return entity }
        var row = JSONObject()
        for (key, value) in object where !key.contains("@") && !isExpanded(value) {
            row[key] = value
        }
        return .object(row)
    }

    /// The expanded navigation properties of an entity: name → value.
    public static func expanded(_ entity: JSONValue) -> [String: JSONValue] {
        guard case .object(let object) = entity else { return [:] }
        var result: [String: JSONValue] = [:]
        for (key, value) in object where !key.contains("@") && isExpanded(value) { result[key] = value }
        return result
    }

    static func isExpanded(_ value: JSONValue) -> Bool {
        switch value {
        case .object: true
        case .array(let items): items.contains { $0.objectValue != nil } && !items.isEmpty
        default: false
        }
    }

    /// The entity sets a service document names (`kind` `EntitySet`, or no
    /// kind): name and URL as written (relative to the service root).
    public static func entitySets(in document: JSONValue) -> [(name: String, url: String)] {
        (document["value"]?.arrayValue ?? []).compactMap { item in
            guard let name = item["name"]?.stringValue, let url = item["url"]?.stringValue else { return nil }
            let kind = item["kind"]?.stringValue ?? "EntitySet"
            return kind == "EntitySet" ? (name, url) : nil
        }
    }

    /// Whether `document` is a service document: an array `value` of
    /// `{name, url}` objects, with the `@odata.context` of `$metadata`.
    public static func isServiceDocument(_ document: JSONValue) -> Bool {
        guard let values = document["value"]?.arrayValue else { return false }
        let context = document["@odata.context"]?.stringValue ?? ""
        let named = values.allSatisfy { $0["name"]?.stringValue != nil && $0["url"]?.stringValue != nil }
        return named && (context.hasSuffix("$metadata") || (!values.isEmpty && values.allSatisfy { $0["kind"] != nil }))
    }

    /// The `$metadata` URL of a service whose root answered `document` at `root`:
    /// the context URL without its fragment, else `$metadata` under the root.
    public static func metadataURL(_ document: JSONValue, root: URL) -> URL? {
        if let context = document["@odata.context"]?.stringValue,
            let url = ConventionPath.resolve(String(context.split(separator: "#").first ?? ""), against: root),
            url.path.hasSuffix("$metadata")
        {
            return url
        }
        return ConventionPath.url("$metadata", under: root)
    }
}
