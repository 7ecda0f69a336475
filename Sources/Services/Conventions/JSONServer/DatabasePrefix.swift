import Foundation
import JSON

/// The start of json-server's `/db` (an object of collections), read
/// without the rest: discovery asks only the first ``bytes`` of it, and a
/// database larger than that (a million records are 115 MB) is known by
/// its shape — a top-level `{`, a string key, `:`, then `[` (or an
/// object, an array coming later) — and its
/// collections by the top-level keys the prefix reaches.
public enum DatabasePrefix {
    /// How much of `/db` discovery reads: 1 MiB (a hand-written database
    /// is read whole; the sample data's first five collections fit).
    public static let bytes = 1024 * 1024

    /// Most top-level members read from a prefix.
    static let mostMembers = 10_000

    /// One top-level member whose value the prefix reaches.
    public struct Member: Sendable, Equatable {
        public var name: String
        /// An array (a collection); else an object (an object resource).
        public var isArray: Bool

        public init(name: String, isArray: Bool) {
            self.name = name
            self.isArray = isArray
        }
    }

    /// The members `data` names when it is the start of an object of
    /// arrays and objects cut before its end, an array among them;
    /// `nil` otherwise — a whole text (parse it instead), another value at
    /// the top, a member that is neither array nor object, more than
    /// ``bytes``.
    public static func members(of data: Data) -> [Member]? {
        // More than the prefix came (a transport that reads whole answers): a whole text.
        guard data.count <= Self.bytes else { return nil }
        var scan = Scan(bytes: [UInt8](data))
        return scan.members()
    }

    /// One pass over the bytes; `index` past what was read.
    struct Scan {
        let bytes: [UInt8]
        var index = 0

        /// Where the bytes end before the structure does.
        struct Cut: Error {}
        /// What no database holds.
        struct NotADatabase: Error {}

        mutating func members() -> [Member]? {
            var found: [Member] = []
            do {
                skipSpace()
                guard try next() == UInt8(ascii: "{") else { return nil }
                while found.count < mostMembers {
                    skipSpace()
                    guard try next() == UInt8(ascii: "\"") else { return nil }
                    let name = try key()
                    skipSpace()
                    guard try next() == UInt8(ascii: ":") else { return nil }
                    skipSpace()
                    let opening = try next()
                    guard opening == UInt8(ascii: "[") || opening == UInt8(ascii: "{") else { return nil }
                    found.append(Member(name: name, isArray: opening == UInt8(ascii: "[")))
                    try skipValue(opened: opening)
                    skipSpace()
                    switch try next() {
                    case UInt8(ascii: ","): continue
                    // The object ends within the bytes: a whole text, which did not parse.
                    default: return nil
                    }
                }
                return found.contains(where: \.isArray) ? found : nil
            } catch is Cut {
                return found.contains(where: \.isArray) ? found : nil
            } catch {
                return nil
            }
        }

        mutating func next() throws -> UInt8 {
            guard index < bytes.count else { throw Cut() }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// A key after its opening quote, to its closing one.
        mutating func key() throws -> String {
            let start = index - 1
            var escaped = false
            while true {
                let byte = try next()
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    break
                } else if byte < 0x20 {
                    throw NotADatabase()
                }
            }
            guard case .string(let name)? = try? JSONParser.parse(Array(bytes[start..<index])) else {
                throw NotADatabase()
            }
            return name
        }

        /// Past the array or object just opened, strings and nesting minded.
        mutating func skipValue(opened: UInt8) throws {
            var depth = 1
            var inString = false
            var escaped = false
            while depth > 0 {
                let byte = try next()
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
            }
        }
    }
}

/// How much of an answer a convention's `fetch` reads, set around a probe
/// that needs only the start of it (json-server's `/db`:
/// ``DatabasePrefix/bytes``). The fetches that send requests
/// (``ConventionDetector/fetch(_:)``, the live service's) ask the
/// transport for that prefix (`withBodyPrefix`); `nil`: the whole answer.
public enum ConventionProbe {
    @TaskLocal public static var bodyPrefix: Int?
}
