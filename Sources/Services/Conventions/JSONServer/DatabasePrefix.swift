import Foundation
import JSON
import Networking

/// json-server's `/db` (an object of collections) as discovery holds it:
/// the answer is read as it arrives (``scan``, a ``DatabaseScanner``), and
/// a database up to ``bytes`` is kept whole and parsed; a larger one (a
/// million records are 115 MB) is kept emptied — each top-level member's
/// key and the kind of its value, its records skipped — and known by its
/// shape — a top-level `{`, a string key, `:`, then `[` (or an object, an
/// array coming later) — and its collections by those keys. The scan
/// reads at most ``mostBytesRead`` for at most ``mostSeconds``: members
/// whose key starts later are not named.
public enum DatabasePrefix {
    /// How much of `/db` is kept as it came: 1 MiB (a hand-written
    /// database is parsed whole, with its counts); beyond, the emptied text
    /// is kept, itself at most this long.
    public static let bytes = 1024 * 1024

    /// How much of `/db` is read at most: 64 MiB (the sample data is 1.3 MB).
    public static let mostBytesRead = 64 * 1024 * 1024

    /// How long `/db` is read at most (and half the request's timeout at
    /// most), in seconds.
    public static let mostSeconds: Double = 10

    /// How discovery reads `/db` (``Networking/withBodyScan(_:)``).
    public static let scan = scanReading(atMost: mostBytesRead)

    /// A scan of `/db` that reads at most `bytes`.
    public static func scanReading(atMost bytes: Int) -> BodyScan {
        BodyScan(name: "json-server /db", mostBytes: bytes, seconds: mostSeconds) { DatabaseScanner() }
    }

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

/// How a convention's `fetch` reads an answer, set around a probe that
/// needs a few facts of it (json-server's `/db`: ``DatabasePrefix/scan``).
/// The fetches that send requests (``ConventionDetector/fetch(_:)``, the
/// live service's) ask the transport for that scan (`withBodyScan`);
/// `nil`: the whole answer.
public enum ConventionProbe {
    @TaskLocal public static var bodyScan: BodyScan?
}

/// json-server's `/db` read as it arrives (``DatabasePrefix/scan``), in
/// constant memory whatever its size.
///
/// It keeps the first ``DatabasePrefix/bytes`` as they came — a database
/// that small is the answer's body, parsed whole with its counts — and,
/// beside them, the database emptied: each top-level member's key and the
/// kind of its value, `{"todos":[],"profile":{},"users":[`, the records
/// skipped without being held. Past the first MiB the body is that
/// emptied text, never closed, which ``DatabasePrefix/members(of:)`` reads
/// as a cut database. What is no database (another value at the top, a
/// member neither array nor object) ends the scan at the first byte that
/// says so, that byte written last (so the text is refused as before).
struct DatabaseScanner: BodyScanner {
    /// The longest key read: a longer one ends the scan (no collection
    /// has such a name), the members before it named.
    static let longestKey = 1024

    private enum Place {
        case start, beforeKey, key, afterKey, beforeValue, value, afterValue, done
    }

    /// The bytes as they came, while there are at most ``DatabasePrefix/bytes``.
    private var kept: [UInt8] = []
    private var keptAll = true
    /// The members read so far, their values left out.
    private var emptied: [UInt8] = []
    private var place = Place.start
    private var members = 0
    private var keyLength = 0
    /// Inside a member's value: how deep, whether in a string, after a `\`.
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// The member's opening `[` or `{`.
    private var opening: UInt8 = 0

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let colon = UInt8(ascii: ":")
    private static let comma = UInt8(ascii: ",")
    private static let openArray = UInt8(ascii: "[")
    private static let closeArray = UInt8(ascii: "]")
    private static let openObject = UInt8(ascii: "{")
    private static let closeObject = UInt8(ascii: "}")

    mutating func read(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard place != .done else { return false }
        if keptAll {
            if kept.count + bytes.count <= DatabasePrefix.bytes {
                kept.append(contentsOf: bytes)
            } else {
                keptAll = false
                kept = []
            }
        }
        for byte in bytes {
            switch place {
            case .value: skip(byte)
            case .key: if !key(byte) { return false }
            case .done: return false
            default: if !structure(byte) { return false }
            }
        }
        return place != .done
    }

    func body() -> Data {
        Data(keptAll ? kept : emptied)
    }

    /// One byte of a member's value: only its end matters.
    private mutating func skip(_ byte: UInt8) {
        if inString {
            if escaped {
                escaped = false
            } else if byte == Self.backslash {
                escaped = true
            } else if byte == Self.quote {
                inString = false
            }
            return
        }
        switch byte {
        case Self.quote: inString = true
        case Self.openArray, Self.openObject: depth += 1
        case Self.closeArray, Self.closeObject:
            depth -= 1
            if depth == 0 {
                emptied.append(opening == Self.openArray ? Self.closeArray : Self.closeObject)
                place = .afterValue
            }
        default: break
        }
    }

    /// One byte of a key (its opening quote written already); `false` ends the scan.
    private mutating func key(_ byte: UInt8) -> Bool {
        emptied.append(byte)
        keyLength += 1
        if escaped {
            escaped = false
        } else if byte == Self.backslash {
            escaped = true
        } else if byte == Self.quote {
            place = .afterKey
            return true
        } else if byte < 0x20 {
            return end()
        }
        // A key too long, or too many: the members before it are named.
        if keyLength > Self.longestKey || emptied.count > DatabasePrefix.bytes - 16 { return end() }
        return true
    }

    /// One byte between members; `false` ends the scan.
    private mutating func structure(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: return true
        default: break
        }
        switch (place, byte) {
        case (.start, Self.openObject), (.afterKey, Self.colon):
            place = place == .start ? .beforeKey : .beforeValue
        case (.beforeKey, Self.quote):
            place = .key
            keyLength = 0
            escaped = false
        case (.beforeKey, Self.closeObject) where members == 0:
            return end()  // `{}`: no collection
        case (.beforeValue, Self.openArray), (.beforeValue, Self.openObject):
            place = .value
            opening = byte
            depth = 1
            inString = false
            escaped = false
            members += 1
        case (.afterValue, Self.comma):
            guard members < DatabasePrefix.mostMembers else { return end() }
            place = .beforeKey
        case (.afterValue, Self.closeObject):
            return end()  // the whole database was read
        default:
            // No database: the byte that says so ends the emptied text.
            emptied.append(byte)
            return end()
        }
        emptied.append(byte)
        return true
    }

    private mutating func end() -> Bool {
        place = .done
        return false
    }
}
