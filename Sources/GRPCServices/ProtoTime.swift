import SwiftProtobuf

/// The two well-known time types, `Timestamp` and `Duration`, between
/// their wire fields (seconds, nanoseconds) and proto3 JSON, by
/// SwiftProtobuf's own mapping: `2024-01-02T03:04:05.500Z`, `1.500s`, with
/// 0, 3, 6 or 9 digits. ``ProtoDecoder`` and ``ProtoEncoder`` both use it,
/// so what one writes the other reads.
enum ProtoTime {
    /// The message type of the full proto name: `Duration` for
    /// `google.protobuf.Duration`, else `Timestamp`.
    private static func kind(_ type: String) -> any TimeMessage.Type {
        type == "google.protobuf.Duration" ? Google_Protobuf_Duration.self : Google_Protobuf_Timestamp.self
    }

    /// The JSON text of a time, without its quotes; `nil` outside the
    /// spec's range (which has no such text).
    static func text(seconds: Int64, nanos: Int32, type: String) -> String? {
        var time = kind(type).init()
        time.seconds = seconds
        time.nanos = nanos
        guard let literal = try? time.jsonString(), literal.count >= 2 else { return nil }
        return String(literal.dropFirst().dropLast())
    }

    /// Seconds and nanoseconds of a time's JSON text; `nil` for text the
    /// mapping does not read.
    static func fields(_ text: String, type: String) -> (seconds: Int64, nanos: Int32)? {
        // A time has no character a JSON string would escape.
        guard text.utf8.count <= 64, !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
            return nil
        }
        guard let time = try? kind(type).init(jsonString: "\"\(text)\"") else { return nil }
        return (time.seconds, time.nanos)
    }
}

/// What `Timestamp` and `Duration` share: two fields and the JSON mapping.
private protocol TimeMessage: SwiftProtobuf.Message {
    var seconds: Int64 { get set }
    var nanos: Int32 { get set }
}

extension Google_Protobuf_Timestamp: TimeMessage {}
extension Google_Protobuf_Duration: TimeMessage {}
