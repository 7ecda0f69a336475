/// An HTTP entity tag (`"abc"` or weak `W/"abc"`), as in RFC 9110 §8.8.3.
public struct ETag: Sendable, Hashable, CustomStringConvertible {
    /// The opaque tag, without quotes or the weak prefix.
    public let value: String
    /// Whether the tag is weak (`W/` prefix).
    public let isWeak: Bool

    /// Creates a strong tag from an unquoted value.
    public init(strong value: String) {
        self.value = value
        isWeak = false
    }

    /// Creates a weak tag from an unquoted value.
    public init(weak value: String) {
        self.value = value
        isWeak = true
    }

    /// Parses a header value such as `"abc"` or `W/"abc"`; `nil` if malformed.
    ///
    /// Surrounding whitespace is ignored. An unquoted value is accepted as a
    /// strong tag, because some servers send one.
    public init?(parsing text: String) {
        var rest = Substring(text.trimmingSpaces())
        var weak = false
        if rest.hasPrefix("W/") || rest.hasPrefix("w/") {
            weak = true
            rest = rest.dropFirst(2)
        }
        if rest.hasPrefix("\"") {
            guard rest.count >= 2, rest.hasSuffix("\"") else { return nil }
            rest = rest.dropFirst().dropLast()
        } else if weak || rest.isEmpty {
            return nil
        }
        guard !rest.contains("\""), !rest.contains(",") else { return nil }
        value = String(rest)
        isWeak = weak
    }

    /// The tag as written in a header: `"abc"` or `W/"abc"`.
    public var headerValue: String {
        (isWeak ? "W/" : "") + "\"\(value)\""
    }

    public var description: String { headerValue }

    /// Weak comparison (used by `If-None-Match`): the opaque values are equal,
    /// whether or not either tag is weak.
    public func weaklyMatches(_ other: ETag) -> Bool {
        value == other.value
    }

    /// Strong comparison: both tags are strong and their values are equal.
    public func stronglyMatches(_ other: ETag) -> Bool {
        !isWeak && !other.isWeak && value == other.value
    }

    /// Whether an `If-None-Match` header value matches this tag, i.e. whether a
    /// server should answer `304 Not Modified`. `*` matches any tag; lists are
    /// comma separated; malformed members are ignored.
    public func matches(ifNoneMatch header: String) -> Bool {
        if header.trimmingSpaces() == "*" { return true }
        return ETag.parseList(header).contains { $0.weaklyMatches(self) }
    }

    /// Parses a comma-separated list of tags, skipping malformed members.
    public static func parseList(_ header: String) -> [ETag] {
        header.split(separator: ",").compactMap { ETag(parsing: String($0)) }
    }
}
