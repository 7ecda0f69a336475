/// Words a descriptor carries for the screens — a column's title, a
/// toggle's two states, a form field's label — as data: the words its
/// source gave (a config file's `title:`, an API document, a snapshot), or
/// the key of a built-in catalog word that `Modules` says in the run's
/// language. Services holds no translated words.
public enum DescriptorWords: Sendable, Hashable {
    /// Words the source gave, shown as they are.
    case named(String)
    /// A word of the built-in JSONPlaceholder catalog.
    case builtIn(CatalogWord)

    /// Reads words stored under `named` (a string) or `builtIn` (a
    /// ``CatalogWord`` key); `nil` when neither is there.
    static func decode<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, named: Key, builtIn: Key
    ) throws -> DescriptorWords? {
        if let words = try container.decodeIfPresent(String.self, forKey: named) { return .named(words) }
        return try container.decodeIfPresent(CatalogWord.self, forKey: builtIn).map(DescriptorWords.builtIn)
    }

    func encode<Key: CodingKey>(to container: inout KeyedEncodingContainer<Key>, named: Key, builtIn: Key) throws {
        switch self {
        case .named(let words): try container.encode(words, forKey: named)
        case .builtIn(let word): try container.encode(word, forKey: builtIn)
        }
    }
}

/// The words of the built-in JSONPlaceholder catalog (`ResourceCatalog.jsonPlaceholder`),
/// by key: `Modules` says each one (`Texts.Catalog`).
public enum CatalogWord: String, Sendable, Hashable, Codable, CaseIterable {
    case title, done, completed, user, userID, body, name, email, post, album, username, city, company
    /// How a toggled todo's two states are said ("done", "not done").
    case toggleOn, toggleOff
}
