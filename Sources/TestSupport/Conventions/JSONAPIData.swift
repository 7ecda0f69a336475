import Foundation
import JSON

/// One resource object the ``JSONAPITestServer`` holds: its type, id,
/// attributes and to-one relationships (type and id of the related one).
struct JSONAPIResource: Sendable {
    var type: String
    var id: String
    var attributes: JSONObject
    /// To-one relationships: name → (type, id) of the related resource, or nil.
    var toOne: [String: JSONAPIIdentifier?]
}

/// A resource identifier object's two members.
struct JSONAPIIdentifier: Sendable, Hashable {
    var type: String
    var id: String

    var json: JSONValue { .object(JSONObject([("type", .string(type)), ("id", .string(id))])) }
}

/// The records of the ``JSONAPITestServer``: 60 people and 75 articles;
/// article n is written by person ((n − 1) mod 25) + 1, so the first 25
/// people have three articles each and the others none.
enum JSONAPIData {
    static let firstNames = [
        "Imani", "Tomás", "Aiko", "Lena", "Kwame", "Sofía", "Ravi", "Marta", "Jonas", "Amara", "Chen", "Olga",
        "Idris", "Freya", "Mateo",
    ]
    static let lastNames = ["Okafor", "Lindqvist", "Sato", "Novak"]
    static let countries = ["NG", "SE", "JP", "CZ", "GH", "AR"]
    static let topics = ["caching", "paging", "links", "filters", "sorting"]

    static func personName(_ number: Int) -> String {
        let index = number - 1
        return firstNames[index % firstNames.count] + " " + lastNames[(index / firstNames.count) % lastNames.count]
    }

    static func people() -> [JSONAPIResource] {
        (1...JSONAPITestServer.personCount).map { number in
            let name = personName(number)
            return JSONAPIResource(
                type: "people", id: String(number),
                attributes: JSONObject([
                    ("name", .string(name)),
                    ("email", .string(name.lowercased().replacingOccurrences(of: " ", with: ".") + "@example.org")),
                    ("country", .string(countries[number % countries.count])), ("joined", .int(2000 + number % 24)),
                ]),
                toOne: [:])
        }
    }

    /// The id of the author of article `number`.
    static func authorID(ofArticle number: Int) -> String { String((number - 1) % 25 + 1) }

    static func articles() -> [JSONAPIResource] {
        (1...JSONAPITestServer.articleCount).map(article)
    }

    static func article(_ number: Int) -> JSONAPIResource {
        let title: String = "Article \(number) on \(topics[number % topics.count])"
        let words: Int = 300 + (number * 37) % 900
        let published: String = String(format: "2024-%02d-%02d", number % 12 + 1, number % 28 + 1)
        let attributes: [(String, JSONValue)] = [
            ("title", .string(title)), ("wordCount", .int(words)), ("published", .string(published)),
            ("featured", .bool(number.isMultiple(of: 4))),
        ]
        let author = JSONAPIIdentifier(type: "people", id: authorID(ofArticle: number))
        return JSONAPIResource(
            type: "articles", id: String(number), attributes: JSONObject(attributes), toOne: ["author": author])
    }
}
