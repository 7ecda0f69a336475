/// An ordered list of HTTP header fields whose names compare case-insensitively.
///
/// The subscript reads the first field with a name and replaces every field
/// with that name; ``add(name:value:)`` keeps repeated fields. Names keep the
/// spelling they were given, so what is sent is what was written.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The name as written (comparisons ignore case).
        public let name: String
        /// The field value.
        public let value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates headers from fields, keeping their order.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    /// Creates headers from a dictionary; fields are ordered by name so the
    /// result does not depend on dictionary order.
    public init(_ dictionary: [String: String]) {
        fields = dictionary.sorted { $0.key.lowercased() < $1.key.lowercased() }
            .map { Field(name: $0.key, value: $0.value) }
    }

    /// Creates headers from a literal, keeping its order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name` (case-insensitive); setting replaces every
    /// field of that name, and `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            let index = fields.firstIndex { Self.same($0.name, name) }
            fields.removeAll { Self.same($0.name, name) }  // none precede `index`
            guard let newValue else { return }
            fields.insert(Field(name: name, value: newValue), at: index ?? fields.count)
        }
    }

    /// All values for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Returns a copy with `name` set to `value` (replacing earlier values).
    public func setting(_ name: String, to value: String?) -> HTTPHeaders {
        var copy = self
        copy[name] = value
        return copy
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    // MARK: - Equality ignores the case of names

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { Self.same($0.name, $1.name) && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.count == b.count && a.lowercased() == b.lowercased()
    }
}
