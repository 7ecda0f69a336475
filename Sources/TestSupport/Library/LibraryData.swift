import Foundation
import JSON

/// The records of the ``LibraryTestServer``: authors with slug ids, books
/// with UUID ids, reviews with integer ids.
enum LibraryData {
    static let authorNames: [(String, String?, Int)] = [
        ("Ursula K. Le Guin", "US", 1929), ("Italo Calvino", "IT", 1923), ("Jorge Luis Borges", "AR", 1899),
        ("Wisława Szymborska", "PL", 1923), ("Chinua Achebe", "NG", 1930), ("Toni Morrison", "US", 1931),
        ("Gabriel García Márquez", "CO", 1927), ("Clarice Lispector", "BR", 1920), ("Yasunari Kawabata", "JP", 1899),
        ("Naguib Mahfouz", "EG", 1911), ("Doris Lessing", nil, 1919), ("Stanisław Lem", "PL", 1921),
        ("Octavia E. Butler", "US", 1947), ("Tomas Tranströmer", "SE", 1931), ("Rabindranath Tagore", "IN", 1861),
        ("Anna Akhmatova", "RU", 1889), ("José Saramago", "PT", 1922), ("Ngũgĩ wa Thiong'o", "KE", 1938),
        ("Mary Shelley", "GB", 1797), ("Karel Čapek", "CZ", 1890), ("Halldór Laxness", "IS", 1902),
        ("Selma Lagerlöf", "SE", 1858), ("Lu Xun", "CN", 1881),
    ]

    /// `Ursula K. Le Guin` → `ursula-k-le-guin`.
    static func slug(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        var slug = ""
        for character in folded {
            if character.isLetter && character.isASCII || character.isNumber {
                slug.append(character)
            } else if !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        return slug.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    static func bookID(_ number: Int) -> String {
        String(format: "b00c%04x-0000-4000-8000-%012x", number, number * 7919)
    }

    static let genres = ["novel", "poetry", "essay"]

    static func authors() -> [JSONObject] {
        authorNames.map { name, country, born in
            JSONObject([
                ("id", .string(slug(name))), ("name", .string(name)),
                ("country", country.map(JSONValue.string) ?? .null),
                ("born", .int(born)),
            ])
        }
    }

    /// 40 books, round-robin over the authors; the author field is
    /// `authorKey` (`author_id` for FastAPI, `authorId` for Spring).
    static func books(authorKey: String) -> [JSONObject] {
        let authors = authors()
        return (1...40).map { number in
            let author = authors[(number - 1) % authors.count]
            return JSONObject([
                ("id", .string(bookID(number))),
                ("title", .string("Book \(number) of \(author["name"]?.stringValue ?? "")")),
                (authorKey, author["id"] ?? .null), ("year", .int(1900 + number * 2)),
                ("available", .bool(number % 3 != 0)),
                ("genre", .string(genres[number % genres.count])),
            ])
        }
    }

    /// 25 events (`evt-01`…), read by an opaque cursor.
    static func events() -> [JSONObject] {
        (1...25).map { number in
            JSONObject([
                ("id", .string(String(format: "evt-%02d", number))),
                ("kind", .string(number.isMultiple(of: 2) ? "borrowed" : "returned")),
                ("book_id", .string(bookID((number - 1) % 4 + 1))),
            ])
        }
    }

    /// 12 loans (`loan-01`…), paged by `after` and a `Link: rel="next"` header.
    static func loans() -> [JSONObject] {
        (1...12).map { number in
            JSONObject([("id", .string(String(format: "loan-%02d", number))), ("reader", .string("Reader \(number)"))])
        }
    }

    /// 12 reviews of the first books.
    static func reviews() -> [JSONObject] {
        (1...12).map { number in
            JSONObject([
                ("id", .int(number)), ("book_id", .string(bookID((number - 1) % 4 + 1))),
                ("stars", .int(number % 5 + 1)),
                ("text", .string("Review \(number)")),
            ])
        }
    }
}
