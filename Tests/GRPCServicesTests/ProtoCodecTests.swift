import Foundation
import GRPCServices
import JSON
import SwiftProtobuf
import Testing

/// The dynamic codec against protobuf's own examples, swift-protobuf's
/// encoder and decoder, and bounds: what the gRPC backend reads and writes
/// every message with.
@Suite struct ProtoCodecTests {
    typealias Field = ProtoSchema.Field

    /// `test.Book` with every kind of field the codec handles.
    static let schema = ProtoSchema(
        messages: [
            ProtoSchema.Message(
                fullName: "test.Book",
                fields: [
                    Field(name: "name", number: 1, type: .string),
                    Field(name: "page_count", number: 2, type: .int32),
                    Field(name: "isbn", number: 3, type: .int64),
                    Field(name: "ratings", number: 4, type: .int32, isRepeated: true),
                    Field(name: "offset", number: 5, type: .sint32),
                    Field(name: "drift", number: 6, type: .sint64),
                    Field(name: "weight", number: 7, type: .double),
                    Field(name: "width", number: 8, type: .float),
                    Field(name: "in_print", number: 9, type: .bool),
                    Field(name: "cover", number: 10, type: .bytes),
                    Field(name: "genre", number: 11, type: .enum, typeName: "test.Genre"),
                    Field(name: "author", number: 12, type: .message, typeName: "test.Author"),
                    Field(name: "tags", number: 13, type: .string, isRepeated: true),
                    Field(
                        name: "counts", number: 14, type: .message, isRepeated: true, typeName: "test.Book.CountsEntry"),
                    Field(name: "serial", number: 15, type: .fixed64),
                    Field(name: "code", number: 16, type: .sfixed32),
                    Field(name: "big", number: 17, type: .uint64),
                    Field(name: "published", number: 18, type: .message, typeName: "google.protobuf.Timestamp"),
                    Field(name: "loan_period", number: 19, type: .message, typeName: "google.protobuf.Duration"),
                ]),
            ProtoSchema.Message(
                fullName: "test.Book.CountsEntry",
                fields: [Field(name: "key", number: 1, type: .string), Field(name: "value", number: 2, type: .int32)],
                isMapEntry: true),
            ProtoSchema.Message(
                fullName: "test.Author",
                fields: [
                    Field(name: "display_name", number: 1, type: .string),
                    Field(name: "mentor", number: 2, type: .message, typeName: "test.Author"),
                ]),
            ProtoSchema.Message(
                fullName: "google.protobuf.Timestamp",
                fields: [
                    Field(name: "seconds", number: 1, type: .int64), Field(name: "nanos", number: 2, type: .int32),
                ]),
            ProtoSchema.Message(
                fullName: "google.protobuf.Duration",
                fields: [
                    Field(name: "seconds", number: 1, type: .int64), Field(name: "nanos", number: 2, type: .int32),
                ]),
            // protobuf's encoding guide: `message Test1 { int32 a = 1; }`,
            // `Test2 { string b = 2; }`, `Test5 { repeated int32 f = 6 [packed = true]; }`.
            ProtoSchema.Message(fullName: "test.Test1", fields: [Field(name: "a", number: 1, type: .int32)]),
            ProtoSchema.Message(fullName: "test.Test2", fields: [Field(name: "b", number: 2, type: .string)]),
            ProtoSchema.Message(
                fullName: "test.Test5", fields: [Field(name: "f", number: 6, type: .int32, isRepeated: true)]),
        ],
        enums: [
            ProtoSchema.Enum(fullName: "test.Genre", values: [("GENRE_UNSPECIFIED", 0), ("NOVEL", 1), ("POETRY", 2)])
        ])

    let decoder = ProtoDecoder(schema: schema)
    let encoder = ProtoEncoder(schema: schema)

    static let book: JSONValue = [
        "name": "books/7", "pageCount": -12, "isbn": "9780000000007", "ratings": [3, 270, 86942],
        "offset": -1, "drift": "-2", "weight": 1.5, "width": 0.25, "inPrint": true,
        "cover": .string(Data([0, 1, 254, 255]).base64EncodedString()), "genre": "POETRY",
        "author": ["displayName": "Cora Vellum", "mentor": ["displayName": "Ada Lantern"]],
        "tags": ["classic", "signed"], "counts": ["loans": 4, "holds": 0], "serial": "18446744073709551615",
        "code": -7, "big": "18446744073709551615", "published": "2024-01-02T03:04:05Z",
    ]

    @Test func aMessageRoundTripsThroughTheWireFormat() throws {
        let bytes = try encoder.encode(Self.book, as: "test.Book")
        let decoded = try decoder.decode(bytes, as: "test.Book")
        for (key, value) in Self.book.objectValue ?? JSONObject() {
            #expect(decoded.value(atPath: key) == value, "\(key)")
        }
    }

    @Test func protobufsOwnExamplesDecode() throws {
        // 150 as a varint; "testing"; the packed 3, 270, 86942.
        #expect(try decoder.decode([0x08, 0x96, 0x01], as: "test.Test1") == ["a": 150])
        #expect(
            try decoder.decode([0x12, 0x07, 0x74, 0x65, 0x73, 0x74, 0x69, 0x6E, 0x67], as: "test.Test2")
                == ["b": "testing"])
        let packed: [UInt8] = [0x32, 0x06, 0x03, 0x8E, 0x02, 0x9E, 0xA7, 0x05]
        #expect(try decoder.decode(packed, as: "test.Test5") == ["f": [3, 270, 86942]])
        #expect(try encoder.encode(["f": [3, 270, 86942]], as: "test.Test5") == packed)
        // The same values unpacked (one key each) read the same.
        let unpacked: [UInt8] = [0x30, 0x03, 0x30, 0x8E, 0x02, 0x30, 0x9E, 0xA7, 0x05]
        #expect(try decoder.decode(unpacked, as: "test.Test5") == ["f": [3, 270, 86942]])
    }

    /// Times to the nanosecond, the bytes checked against swift-protobuf's
    /// own `Timestamp` and `Duration` (a `Double` of seconds keeps only
    /// microseconds of a 2024 date).
    @Test func timestampsAndDurationsKeepEveryNanosecond() throws {
        let stamp = "2024-01-02T03:04:05.123456789Z"
        let bytes = try encoder.encode(["published": .string(stamp)], as: "test.Book")
        var expected = Google_Protobuf_Timestamp()
        expected.seconds = 1_704_164_645
        expected.nanos = 123_456_789
        #expect(Array(bytes.dropFirst(3)) == Array(try expected.serializedBytes() as [UInt8]))
        #expect(try decoder.decode(bytes, as: "test.Book").value(atPath: "published") == .string(stamp))

        let duration: [UInt8] = try Google_Protobuf_Duration(seconds: -1, nanos: -500_000_000).serializedBytes()
        let field: [UInt8] = [0x9A, 0x01, UInt8(duration.count)] + duration
        #expect(try encoder.encode(["loanPeriod": "-1.5s"], as: "test.Book") == field)
        #expect(try decoder.decode(field, as: "test.Book").value(atPath: "loanPeriod") == "-1.500s")
    }

    @Test func aTimeOutsideTheSpecsRangeIsShownAsItCameOrRefused() throws {
        // Year 10000 has no RFC 3339 text: the field shows its two numbers.
        var late = Google_Protobuf_Timestamp()
        late.seconds = 253_402_300_800
        let message: [UInt8] = try late.serializedBytes()
        let bytes: [UInt8] = [0x92, 0x01, UInt8(message.count)] + message
        #expect(
            try decoder.decode(bytes, as: "test.Book").value(atPath: "published")
                == ["seconds": "253402300800", "nanos": 0])
        #expect(throws: ProtoCodecError.badValue("google.protobuf.Timestamp", "2024-13-40T00:00:00Z")) {
            try encoder.encode(["published": "2024-13-40T00:00:00Z"], as: "test.Book")
        }
    }

    @Test func zigzagAndNegativeIntegersTakeTheirWireForms() throws {
        // sint32 −1 is 1 zigzagged; int32 −1 is ten bytes.
        #expect(try encoder.encode(["offset": -1], as: "test.Book") == [0x28, 0x01])
        #expect(try encoder.encode(["drift": "-2"], as: "test.Book") == [0x30, 0x03])
        #expect(try encoder.encode(["pageCount": -1], as: "test.Book").count == 11)
    }

    @Test func fieldsLeftOutReadAsTheirDefaultsAndUnknownOnesAreSkipped() throws {
        // Field 99 (varint) and field 98 (length-delimited) are not Test1's.
        let bytes: [UInt8] = [0x98, 0x06, 0x05, 0x92, 0x06, 0x02, 0x61, 0x62, 0x08, 0x2A]
        #expect(try decoder.decode(bytes, as: "test.Test1") == ["a": 42])
        let empty = try decoder.decode([], as: "test.Book")
        #expect(empty.value(atPath: "name") == "")
        #expect(empty.value(atPath: "isbn") == "0")
        #expect(empty.value(atPath: "genre") == "GENRE_UNSPECIFIED")
        #expect(empty.value(atPath: "ratings") == [])
        #expect(empty.value(atPath: "author") == nil)
    }

    @Test func swiftProtobufReadsWhatTheEncoderWritesAndTheOtherWayRound() throws {
        // FieldDescriptorProto as a dynamic schema: name 1, number 3, label 4, type 5, type_name 6, json_name 10.
        let schema = ProtoSchema(
            messages: [
                ProtoSchema.Message(
                    fullName: "google.protobuf.FieldDescriptorProto",
                    fields: [
                        Field(name: "name", number: 1, type: .string), Field(name: "number", number: 3, type: .int32),
                        Field(name: "label", number: 4, type: .enum, typeName: "google.protobuf.Label"),
                        Field(name: "type", number: 5, type: .enum, typeName: "google.protobuf.Type"),
                        Field(name: "type_name", number: 6, type: .string),
                        Field(name: "json_name", number: 10, type: .string),
                    ])
            ],
            enums: [
                ProtoSchema.Enum(
                    fullName: "google.protobuf.Label", values: [("LABEL_OPTIONAL", 1), ("LABEL_REPEATED", 3)]),
                ProtoSchema.Enum(fullName: "google.protobuf.Type", values: [("TYPE_STRING", 9), ("TYPE_MESSAGE", 11)]),
            ])
        var field = Google_Protobuf_FieldDescriptorProto()
        field.name = "books"
        field.number = 1
        field.label = .repeated
        field.type = .message
        field.typeName = ".library.v1.Book"
        field.jsonName = "books"
        let decoded = try ProtoDecoder(schema: schema).decode(
            try field.serializedBytes(), as: "google.protobuf.FieldDescriptorProto")
        #expect(decoded.value(atPath: "label") == "LABEL_REPEATED")
        #expect(decoded.value(atPath: "type") == "TYPE_MESSAGE")
        #expect(decoded.value(atPath: "typeName") == ".library.v1.Book")
        let written = try ProtoEncoder(schema: schema).encode(decoded, as: "google.protobuf.FieldDescriptorProto")
        #expect(try Google_Protobuf_FieldDescriptorProto(serializedBytes: written) == field)
    }

    @Test func boundsAreKept() throws {
        // Deeper than 32 messages: refused, not a stack overflow.
        var nested: JSONValue = ["displayName": "last"]
        for _ in 0..<40 { nested = ["mentor": nested] }
        #expect(throws: ProtoCodecError.tooDeep(ProtoDecoder.deepest)) {
            try encoder.encode(nested, as: "test.Author")
        }
        var bytes: [UInt8] = [0x0A, 0x01, 0x61]
        for _ in 0..<40 { bytes = [0x12] + Self.varint(bytes.count) + bytes }
        #expect(throws: ProtoCodecError.tooDeep(ProtoDecoder.deepest)) {
            try decoder.decode(bytes, as: "test.Author")
        }
        // Larger than 4 MiB.
        let large = [UInt8](repeating: 0, count: ProtoDecoder.largest + 1)
        #expect(throws: ProtoCodecError.tooLarge(large.count, ProtoDecoder.largest)) {
            try decoder.decode(large, as: "test.Test1")
        }
        // More values than the bound: 200,001 one-byte fields.
        let many = [UInt8]([0x08, 0x01].repeated(ProtoDecoder.mostValues + 1))
        #expect(throws: ProtoCodecError.tooManyValues(ProtoDecoder.mostValues)) {
            try decoder.decode(many, as: "test.Test1")
        }
    }

    @Test func junkIsAnErrorNotACrash() throws {
        #expect(throws: ProtoCodecError.truncated) { try decoder.decode([0x12, 0x07, 0x74], as: "test.Test2") }
        #expect(throws: ProtoCodecError.truncated) { try decoder.decode([0x08, 0xFF], as: "test.Test1") }
        #expect(throws: ProtoCodecError.self) { try decoder.decode([0x0F, 0x01], as: "test.Test1") }
        #expect(throws: ProtoCodecError.unknownType("test.Nothing")) { try decoder.decode([], as: "test.Nothing") }
        #expect(throws: ProtoCodecError.badValue("page_count", "\"many\"")) {
            try encoder.encode(["pageCount": "many"], as: "test.Book")
        }
        #expect(throws: ProtoCodecError.self) { try encoder.encode(["nope": 1], as: "test.Book") }
        // Random bytes: each either reads or throws a codec error.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let junk = (0..<Int.random(in: 0..<64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? decoder.decode(junk, as: "test.Book")
        }
    }

    @Test func jsonNamesAreLowerCamelCase() {
        #expect(ProtoSchema.lowerCamel("next_page_token") == "nextPageToken")
        #expect(ProtoSchema.lowerCamel("name") == "name")
    }

    static func varint(_ value: Int) -> [UInt8] {
        var rest = UInt64(value)
        var bytes: [UInt8] = []
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        return bytes + [UInt8(rest)]
    }
}

extension Array {
    fileprivate func repeated(_ count: Int) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(self.count * count)
        for _ in 0..<count { result += self }
        return result
    }
}
