/// A JSON object that keeps its keys in the order they were written.
///
/// Lookup is a linear scan, which is faster than hashing for the small
/// objects REST resources use (a few dozen keys at most). Equality ignores
/// key order, as JSON does.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// One member of the object.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue
    }

    /// The members in order.
    public private(set) var members: [Member]

    /// An empty object.
    public init() { members = [] }

    /// An object from key/value pairs in order; a repeated key keeps the last value
    /// in the first key's position.
    public init(_ pairs: some Sequence<(String, JSONValue)>) {
        members = []
        for (key, value) in pairs { self[key] = value }
    }

    /// Builds from members that are known to have distinct keys (the parser
    /// checks while reading), without re-checking.
    init(uniqueMembers: [Member]) { members = uniqueMembers }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    /// `true` when the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value for `key`; setting `nil` removes the key, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get {
            for member in members where member.key == key { return member.value }
            return nil
        }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Iterates `(key, value)` pairs in order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        members.lazy.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    /// `true` when both objects have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for member in lhs.members where rhs[member.key] != member.value { return false }
        return true
    }

    /// Hashes independently of key order, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object literal; key order is kept.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
