import Foundation
import JSON

/// A v1 list request's query, read once: its conditions (query parameters
/// and `_where`), sort keys, paging, embeds and search, or the `400` answer
/// it gets.
struct V1ListQuery {
    var clause = WhereClause()
    /// `field` or `-field`, in priority order.
    var sortKeys: [String] = []
    var paging = V1Paging()
    var embeds: [String] = []
    /// The lower-cased search (`q`), or empty.
    var search = ""
    /// The answer when the query is refused (bad `_where`, too deep).
    var refusal: EngineResponse?

    init(_ query: [QueryItem]) {
        for item in query where !paging.read(item) {
            switch item.name {
            case "_where":
                let parsed: JSONValue
                do {
                    parsed = try JSONParser.parse(Data(item.value.utf8))
                } catch {
                    refusal = .error(status: 400, "_where is not JSON: \(error)")
                    return
                }
                guard case .object(let tree) = parsed else {
                    refusal = .error(
                        status: 400, "_where must be a JSON object, like {\"or\":[{\"views\":{\"gt\":100}}]}")
                    return
                }
                if let refused = WhereClause.refusal(where: tree) {
                    refusal = .error(status: 400, refused)
                    return
                }
                var merged = WhereClause(tree: tree)
                for (key, value) in clause.tree { merged = Self.merging(merged, key: key, value: value) }
                clause = merged
            case "_sort": sortKeys += item.value.split(separator: ",").map(String.init)
            case "_embed": embeds += item.value.split(separator: ",").map(String.init)
            case "q": search = item.value.trimmingCharacters(in: .whitespaces).lowercased()
            case let key where JSONServerRouter.v1Reserved.contains(key): continue
            default:
                if let refused = WhereClause.refusal(key: item.name) {
                    refusal = .error(status: 400, refused)
                    return
                }
                clause.add(key: item.name, value: item.value)
            }
        }
    }

    /// Adds `key: value` of one clause tree to another (both must hold).
    private static func merging(_ clause: WhereClause, key: String, value: JSONValue) -> WhereClause {
        var tree = clause.tree
        if case .object(let existing)? = tree[key], case .object(let added) = value {
            var combined = existing
            for (name, condition) in added { combined[name] = condition }
            tree[key] = .object(combined)
        } else {
            tree[key] = value
        }
        return WhereClause(tree: tree)
    }
}
