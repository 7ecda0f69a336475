import JSON

/// English singular/plural forms of resource names, enough for REST
/// resource names (json-server uses the `pluralize` package for the same job).
public enum Inflector {
    private static let irregular: [(singular: String, plural: String)] = [
        ("person", "people"), ("child", "children"), ("man", "men"), ("woman", "women"),
        ("mouse", "mice"), ("goose", "geese"), ("foot", "feet"), ("tooth", "teeth"),
        ("datum", "data"), ("index", "indices"), ("status", "statuses"),
    ]

    /// `users` → `user`, `categories` → `category`, `boxes` → `box`, `todos` → `todo`.
    public static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if let match = irregular.first(where: { $0.plural == lower }) { return match.singular }
        if irregular.contains(where: { $0.singular == lower }) { return word }
        if lower.hasSuffix("ies"), lower.count > 3 { return String(word.dropLast(3)) + "y" }
        for suffix in ["sses", "shes", "ches", "xes", "zzes"] where lower.hasSuffix(suffix) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") { return word }
        if lower.hasSuffix("s"), lower.count > 1 { return String(word.dropLast()) }
        return word
    }

    /// `user` → `users`, `category` → `categories`, `box` → `boxes`, `photo` → `photos`.
    public static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        if let match = irregular.first(where: { $0.singular == lower }) { return match.plural }
        if irregular.contains(where: { $0.plural == lower }) { return word }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return String(word.dropLast()) + "ies"
        }
        for suffix in ["s", "x", "z", "ch", "sh"] where lower.hasSuffix(suffix) {
            return word + "es"
        }
        return word + "s"
    }

    /// The foreign key children use to point at a parent resource:
    /// `users` → `userId`, `posts` → `postId`.
    public static func foreignKey(forParent resource: String) -> String {
        singular(resource) + "Id"
    }
}
