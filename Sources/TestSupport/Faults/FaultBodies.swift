import Foundation

/// The spoiled bodies a ``FaultHTTPServer`` sends.
enum FaultBodies {
    /// JSON cut off inside a value.
    static let malformed = Data(#"[{"userId": 1, "id": 1, "title": "cut off here"#.utf8)

    /// An HTML error page of the kind a proxy sends, with escapes inside.
    static func htmlPage(status: Int) -> Data {
        Data(
            """
            <!DOCTYPE html>
            <html><head><title>\(status) Bad Gateway</title></head>
            <body><h1>Bad Gateway</h1><p>nginx \(HostileText.titleSet)\(HostileText.clearScreen)</p></body></html>
            """.utf8)
    }

    /// `{"error": …}` for an error status.
    static func errorJSON(status: Int) -> Data {
        Data(#"{"error": "injected \#(status)"}"#.utf8)
    }

    /// 100,000 `[`.
    static let deepNesting = Data(repeating: UInt8(ascii: "["), count: 100_000)

    /// A 64 KiB string (words, so that it wraps like text).
    static let hugeString: String = {
        let word = "huge64k "
        return String(repeating: word, count: 65_536 / word.utf8.count)
    }()

    /// Bytes that are no UTF-8: a lone continuation byte, an overlong
    /// encoding, a surrogate, 0xFF and 0xFE, a truncated sequence.
    static let invalidUTF8: [UInt8] = [0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xFF, 0xFE, 0x41, 0xE2, 0x82]

    /// `body` (JSON) with every record changed by `change`; non-JSON stays as it is.
    static func mapRecords(_ body: Data, _ change: ([String: Any]) -> Any) -> Data {
        guard let value = try? JSONSerialization.jsonObject(with: body) else { return body }
        let changed: Any =
            switch value {
            case let records as [[String: Any]]: records.map(change)
            case let record as [String: Any]:
                // A json-server v1 page: {"data": [...], "items": n, …}.
                if let records = record["data"] as? [[String: Any]] {
                    record.merging(["data": records.map(change)]) { $1 }
                } else {
                    change(record)
                }
            default: value
            }
        return (try? JSONSerialization.data(withJSONObject: changed, options: [.sortedKeys])) ?? body
    }

    static func wrongTypes(_ body: Data, _ shape: NetworkFault.WrongTypes) -> Data {
        mapRecords(body) { record in
            switch shape {
            case .idsAsStrings:
                return record.mapValues { $0 is NSNumber && !($0 is Bool) ? "\($0)" : $0 }
                    .merging(record["id"].map { ["id": "\($0)"] } ?? [:]) { $1 }
            case .titlesAsNumbers:
                var record = record
                for key in ["title", "name", "body"] where record[key] != nil { record[key] = 12_345 }
                return record
            case .arraysForObjects:
                return record.keys.sorted().compactMap { record[$0] }
            }
        }
    }

    static func hugeStrings(_ body: Data) -> Data {
        mapRecords(body) { record in record.mapValues { $0 is String ? hugeString : $0 } }
    }

    /// Every `title` and `name` replaced by invalid UTF-8 bytes (spliced
    /// into the serialised JSON, which cannot hold them otherwise).
    static func invalidUTF8Titles(_ body: Data) -> Data {
        let marker = "INVALIDUTF8MARKER"
        let marked = mapRecords(body) { record in
            var record = record
            for key in ["title", "name"] where record[key] is String { record[key] = marker }
            return record
        }
        var bytes = [UInt8](marked)
        let needle = Array(marker.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == needle[0], index + needle.count <= bytes.count,
                Array(bytes[index..<index + needle.count]) == needle
            {
                output += invalidUTF8
                index += needle.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        bytes = output
        return Data(bytes)
    }
}
