import Testing
import Translations

/// The translations file is complete: every text has a value in every
/// language, and every language's value has the master's placeholders.
struct TranslationFileTests {
    @Test func everyTextHasAValueInEveryLanguage() {
        let missing = TextCatalog.entries.flatMap { entry in
            Language.allCases.filter { (entry.values[$0.rawValue] ?? "").isEmpty }.map { "\(entry.key) [\($0)]" }
        }
        #expect(missing.isEmpty, "texts without a value: \(missing)")
        #expect(TextCatalog.entries.count > 200)
    }

    @Test func everyLanguageHasTheMastersPlaceholders() {
        var differing: [String] = []
        for entry in TextCatalog.entries {
            let master = Self.placeholders(in: entry.values[Language.master.rawValue] ?? "")
            for language in Language.allCases {
                let other = Self.placeholders(in: entry.values[language.rawValue] ?? "")
                if other != master { differing.append("\(entry.key) [\(language)]: \(other) ≠ \(master)") }
            }
        }
        #expect(differing.isEmpty, "placeholders differ: \(differing)")
    }

    @Test func thePlaceholderCheckSeesADifference() {
        #expect(Self.placeholders(in: "%d of %@") != Self.placeholders(in: "%@ von %d"))
        #expect(Self.placeholders(in: "%1$@ nach %2$d") == Self.placeholders(in: "%@ after %d"))
        #expect(Self.placeholders(in: "100%% of %@") == ["1@"])
    }

    @Test func keysAreUnique() {
        let keys = TextCatalog.entries.map(\.key)
        #expect(Set(keys).count == keys.count)
    }

    /// "1d", "2@": position and type of each placeholder, sorted.
    static func placeholders(in text: String) -> [String] {
        var found: Set<String> = []
        var next = 1
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { continue }
            var digits = ""
            var symbol = characters.next()
            while let digit = symbol, digit.isNumber {
                digits.append(digit)
                symbol = characters.next()
            }
            if symbol == "%" { continue }
            var position = next
            if let number = Int(digits), symbol == "$" {
                position = number
                symbol = characters.next()
            } else {
                next += 1
            }
            found.insert("\(position)\(symbol.map(String.init) ?? "?")")
        }
        return found.sorted()
    }
}
