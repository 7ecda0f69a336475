/// The fakes `--anonymise` writes: picked from small word lists by a keyed
/// hash of the original (FNV-1a over a fixed key and the text), so the same
/// original always gives the same fake, and of the original's shape.
enum FakeValues {
    /// What a value is taken for.
    enum Kind: String, Sendable, Hashable {
        case name = "names"
        case email = "e-mail addresses"
        case phone = "phone numbers"
        case address = "addresses"
        case website = "web addresses"
        case text = "free text"
        /// An absolute URL of the snapshotted service, made relative (``ServiceLinks``), never faked.
        case serviceLink = "links to the service, made relative"
    }

    /// The kind of a personal value, or `nil` to leave it: by the field's
    /// name first, then by the value's shape (an e-mail address, a phone
    /// number, several words). Dates and one-word values of other fields stay.
    static func kind(field: String, value: String) -> Kind? {
        let lower = field.lowercased()
        if value.isEmpty || looksLikeDate(value) { return nil }
        if ServiceLinks.isAbsolute(value) { return .website }
        if lower.contains("mail") || looksLikeEmail(value) { return .email }
        if ["phone", "tel", "mobile", "fax"].contains(where: lower.contains) || looksLikePhone(value) { return .phone }
        if ["street", "suite", "address", "city", "zip", "postcode", "postal"].contains(where: lower.contains) {
            return .address
        }
        if ["website", "homepage", "url"].contains(lower) { return .website }
        if ["name", "username", "login", "author", "owner", "nickname"].contains(where: lower.hasSuffix) {
            return .name
        }
        if value.contains(" ") { return .text }
        return nil
    }

    /// A field that holds an id or a key (`id`, `userId`, `author_id`, `ProductID`).
    static func isKeyName(_ field: String) -> Bool {
        field == "id" || field.hasSuffix("Id") || field.hasSuffix("ID") || field.hasSuffix("_id")
    }

    /// `ursula-k-le-guin`: letters with dashes, as slugs made of names are.
    static func looksLikeSlug(_ text: String) -> Bool {
        text.contains("-") && text.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || $0 == "-" }
    }

    static func looksLikeEmail(_ text: String) -> Bool {
        guard let at = text.firstIndex(of: "@"), at > text.startIndex, !text.contains(" ") else { return false }
        return text[text.index(after: at)...].contains(".")
    }

    static func looksLikePhone(_ text: String) -> Bool {
        let digits = text.filter(\.isNumber).count
        let allowed = text.allSatisfy { $0.isNumber || " -+().x".contains($0) }
        return allowed && digits >= 7 && text.contains { !$0.isNumber }
    }

    /// `2024-05-01`, `2024-05-01T10:00:00Z`.
    static func looksLikeDate(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.prefix(10))
        guard scalars.count == 10 else { return false }
        return scalars.enumerated().allSatisfy { index, scalar in
            index == 4 || index == 7 ? scalar == "-" : ("0"..."9").contains(scalar)
        }
    }

    /// The fake for `original`.
    static func fake(_ kind: Kind, for original: String) -> String {
        var hash = Hash(original)
        switch kind {
        case .name:
            let words = original.split(separator: " ").count
            let first = hash.pick(firstNames)
            return words > 1 ? first + " " + hash.pick(lastNames) : first
        case .email:
            return hash.pick(firstNames).lowercased() + "." + hash.pick(lastNames).lowercased() + "@example.test"
        case .phone:
            return digitsReplaced(original, hash: &hash)
        case .address:
            if !original.contains(where: \.isLetter) { return digitsReplaced(original, hash: &hash) }
            if original.contains(where: \.isNumber) { return "\(hash.next() % 900 + 100) \(hash.pick(streets))" }
            return hash.pick(towns)
        case .website:
            return website(original, hash: &hash)
        case .serviceLink:
            return original
        case .text:
            return text(length: original.count, hash: &hash)
        }
    }

    /// `name.example.test`, or for an absolute URL `https://name.example.test/lorem/ipsum`:
    /// the original's scheme and as many path segments, in other words.
    private static func website(_ original: String, hash: inout Hash) -> String {
        let host = hash.pick(lastNames).lowercased() + ".example.test"
        guard let scheme = ServiceLinks.scheme(of: original) else { return host }
        let afterHost = original.dropFirst(scheme.count + 3).drop { $0 != "/" }
        let segments = afterHost.split(separator: "/").count
        return scheme + "://" + host + (0..<segments).map { _ in "/" + hash.pick(loremWords) }.joined()
    }

    /// `original` with each digit replaced by another (the shape kept).
    private static func digitsReplaced(_ original: String, hash: inout Hash) -> String {
        String(original.map { $0.isNumber ? Character(String(hash.next() % 10)) : $0 })
    }

    /// Words from the list up to about `length` characters.
    private static func text(length: Int, hash: inout Hash) -> String {
        var words: [String] = []
        var count = 0
        repeat {
            let word = hash.pick(loremWords)
            words.append(word)
            count += word.count + 1
        } while count < length
        return words.joined(separator: " ")
    }

    /// FNV-1a 64 over a fixed key and the text, then a xorshift stream.
    struct Hash {
        private var state: UInt64

        init(_ text: String) {
            var value: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in Array("trestle-anonymise:".utf8) + Array(text.utf8) {
                value ^= UInt64(byte)
                value &*= 0x100_0000_01b3
            }
            state = value == 0 ? 1 : value
        }

        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }

        mutating func pick(_ list: [String]) -> String {
            list[Int(next() % UInt64(list.count))]
        }
    }

    static let firstNames = [
        "Alex", "Blair", "Casey", "Dana", "Eden", "Finley", "Gray", "Harper", "Indigo", "Jules", "Kai", "Logan",
        "Morgan", "Noel", "Oakley", "Parker", "Quinn", "Reese", "Sage", "Taylor", "Umber", "Vale", "Wren", "Yael",
    ]
    static let lastNames = [
        "Ashdown", "Brightwater", "Coldfield", "Dunmore", "Elderidge", "Fairholm", "Greystone", "Hollowell",
        "Ivybridge", "Juniper", "Kestrel", "Larkspur", "Millbrook", "Northcote", "Oakhurst", "Pennywhistle",
        "Quarry", "Rowan", "Stonebridge", "Thornbury", "Underhill", "Valemont", "Whitlock", "Yarrow",
    ]
    static let streets = [
        "Elm Street", "Maple Avenue", "Cedar Lane", "Birch Road", "Willow Way", "Aspen Court", "Hazel Row",
        "Linden Place", "Poplar Drive", "Rowan Close",
    ]
    static let towns = ["Northfield", "Eastbrook", "Westmere", "Southwold", "Lakeview", "Hillcrest", "Riverton"]
    static let loremWords = [
        "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do", "eiusmod",
        "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua", "enim", "minim", "veniam",
        "quis", "nostrud", "exercitation", "ullamco", "laboris", "nisi", "aliquip", "commodo",
    ]
}
