import JSON

/// One resource of a database as the OpenAPI document describes it: its
/// shape inferred from the data, the names it goes by in the document and
/// its relations to other collections.
struct DescribedResource: Sendable {
    /// A member holding the id of a record in another collection
    /// (json-server's convention: `userId` points into `users`).
    struct ForeignKey: Sendable, Equatable {
        /// The member, e.g. `userId`.
        var field: String
        /// The collection pointed into, e.g. `users`.
        var target: String
    }

    /// The resource's name, e.g. `users` or `profile`.
    var name: String
    /// `true` for an array resource (a collection), `false` for an object resource.
    var isCollection: Bool
    /// What its records (or its value) have in common.
    var schema: InferredSchema
    /// Its schema's name under `#/components/schemas`, e.g. `User`.
    var componentName: String
    /// The plural word in operation ids, e.g. `Users` in `listUsers`.
    var pluralWord: String
    /// The singular word in operation ids, e.g. `User` in `getUser`.
    var singularWord: String
    /// Members pointing at other collections' records.
    var foreignKeys: [ForeignKey] = []

    /// The URL path of the resource, e.g. `/users` (the name percent-encoded).
    var path: String { "/" + Self.encodePathSegment(name) }

    /// The id member's schema, or `nil` when no record has one.
    var idSchema: InferredSchema? { schema.property("id") }

    /// Percent-encodes everything but unreserved characters, so a path
    /// template never holds `{`, `}`, `?`, `#` or `%` of a name.
    static func encodePathSegment(_ segment: String) -> String {
        var encoded = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    /// `user-profiles` → `UserProfiles`; a name with no letters or digits → `Resource`.
    static func pascalCase(_ name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first else { return "Resource" }
        return first.isNumber ? "R" + joined : joined
    }

    /// The resources of `database` that have a route (not `db` in v0's
    /// sense, not `openapi.json`, nothing with a `/` in its name), with
    /// unique component names and words, and their foreign keys.
    static func all(in database: JSONDatabase) -> [DescribedResource] {
        var resources: [DescribedResource] = []
        var usedComponents: Set<String> = []
        var usedWords: Set<String> = []
        for name in database.resourceNames where isRoutable(name) {
            let collection = database.collection(name)
            let schema =
                collection.map { InferredSchema($0) } ?? InferredSchema(database.singular(name).map { [$0] } ?? [])
            let singular = collection == nil ? name : Inflector.singular(name)
            let component = unique(pascalCase(singular), in: &usedComponents)
            var plural = pascalCase(name)
            var single = pascalCase(singular)
            if plural == single { plural += "List" }
            if usedWords.contains(plural) || usedWords.contains(single) {
                plural = unique(plural, in: &usedWords)
                single = unique(single, in: &usedWords)
            }
            usedWords.formUnion([plural, single])
            resources.append(
                DescribedResource(
                    name: name, isCollection: collection != nil, schema: schema, componentName: component,
                    pluralWord: plural, singularWord: single))
        }
        let collections = resources.filter(\.isCollection).map(\.name)
        for index in resources.indices where resources[index].isCollection {
            for target in collections {
                let field = Inflector.foreignKey(forParent: target)
                guard field != "id", let member = resources[index].schema.property(field), member.isScalar else {
                    continue
                }
                resources[index].foreignKeys.append(ForeignKey(field: field, target: target))
            }
        }
        return resources
    }

    /// Whether a request can reach a resource of this name as `/name`.
    static func isRoutable(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "openapi.json" && name != "." && name != ".."
    }

    private static func unique(_ word: String, in used: inout Set<String>) -> String {
        var candidate = word
        var number = 2
        while used.contains(candidate) {
            candidate = word + String(number)
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}
