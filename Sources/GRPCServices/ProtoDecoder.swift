import Foundation
import JSON
import SwiftProtobuf

/// Why a message could not be read or written: data, worded by the
/// screens (`GRPCError.codec`).
public enum ProtoCodecError: Error, Sendable, Hashable {
    /// The message is larger than the bound (bytes, bound).
    case tooLarge(Int, Int)
    /// Messages nest deeper than the bound.
    case tooDeep(Int)
    /// More values than the bound.
    case tooManyValues(Int)
    /// The bytes end inside a value.
    case truncated
    /// A wire type that is not protobuf's, or a length past the end.
    case malformed(String)
    /// A message or enum type the reflected files do not define.
    case unknownType(String)
    /// A JSON value that does not fit its field (field, what was given).
    case badValue(String, String)
}

/// Reads protobuf's wire format into JSON by a message type of a
/// ``ProtoSchema``, as proto3's JSON mapping writes it: lowerCamelCase
/// names, 64-bit integers as strings, enums by name, bytes in base64, maps
/// as objects, `Timestamp`/`Duration`/wrappers as their JSON forms.
/// Fields the type does not declare are skipped. Scalar fields left out of
/// the bytes are written with their default (grpcurl's `-emit-defaults`),
/// so every row has every column.
public struct ProtoDecoder: Sendable {
    /// Largest message read: 4 MiB (gRPC's default receive limit).
    public static let largest = 4 * 1024 * 1024
    /// Messages nested deeper are refused.
    public static let deepest = 32
    /// Values read at most in one message, nested ones included.
    public static let mostValues = 200_000

    public let schema: ProtoSchema
    public init(schema: ProtoSchema) { self.schema = schema }

    /// `bytes` as a `type` message in JSON.
    public func decode(_ bytes: [UInt8], as type: String) throws(ProtoCodecError) -> JSONValue {
        guard bytes.count <= Self.largest else { throw .tooLarge(bytes.count, Self.largest) }
        var budget = Self.mostValues
        return try message(bytes[...], type: type, depth: 0, budget: &budget)
    }

    func message(_ bytes: ArraySlice<UInt8>, type: String, depth: Int, budget: inout Int)
        throws(ProtoCodecError) -> JSONValue
    {
        guard depth < Self.deepest else { throw .tooDeep(Self.deepest) }
        guard let declared = schema.messages[type] else { throw .unknownType(type) }
        if let known = try wellKnown(bytes, type: type) { return known }
        var reader = WireReader(bytes)
        var values: [Int: [JSONValue]] = [:]
        var maps: [Int: JSONObject] = [:]
        while !reader.atEnd {
            budget -= 1
            guard budget >= 0 else { throw .tooManyValues(Self.mostValues) }
            let key = try reader.varint()
            let number = Int(truncatingIfNeeded: key >> 3)
            let wire = Int(key & 7)
            guard number > 0 else { throw .malformed("field number 0") }
            guard let field = declared.field(number: number) else {
                try reader.skip(wire: wire, depth: depth)
                continue
            }
            if wire == 2, field.isRepeated, field.isPackable {
                // Packed: one length-delimited run of scalars.
                var packed = WireReader(try reader.lengthDelimited())
                while !packed.atEnd {
                    budget -= 1
                    guard budget >= 0 else { throw .tooManyValues(Self.mostValues) }
                    values[number, default: []].append(try scalar(&packed, field: field, wire: Self.wire(of: field)))
                }
                continue
            }
            guard wire == Self.wire(of: field) else {
                try reader.skip(wire: wire, depth: depth)
                continue
            }
            if field.type == .message, field.isRepeated,
                let entry = schema.messages[field.typeName], entry.isMapEntry
            {
                let pair = try message(
                    try reader.lengthDelimited(), type: field.typeName, depth: depth + 1, budget: &budget)
                let key = pair.value(atPath: entry.field(number: 1)?.jsonName ?? "key")
                let keyText: String =
                    switch key {
                    case .string(let text)?: text
                    case .int(let number)?: String(number)
                    case .bool(let flag)?: flag ? "true" : "false"
                    default: ""
                    }
                maps[number, default: JSONObject()][keyText] =
                    pair.value(atPath: entry.field(number: 2)?.jsonName ?? "value") ?? .null
                continue
            }
            let value: JSONValue
            if field.type == .message {
                value = try message(
                    try reader.lengthDelimited(), type: field.typeName, depth: depth + 1, budget: &budget)
            } else {
                value = try scalar(&reader, field: field, wire: wire)
            }
            if field.isRepeated {
                values[number, default: []].append(value)
            } else {
                values[number] = [value]  // the last one wins
            }
        }
        var object = JSONObject()
        for field in declared.fields.sorted(by: { $0.number < $1.number }) {
            if let map = maps[field.number] {
                object[field.jsonName] = .object(map)
            } else if field.isRepeated {
                object[field.jsonName] = .array(values[field.number] ?? [])
            } else if let value = values[field.number]?.last {
                object[field.jsonName] = value
            } else if let empty = defaultValue(field) {
                object[field.jsonName] = empty
            }
        }
        return .object(object)
    }

    /// The wire type `field` is written with.
    static func wire(of field: ProtoSchema.Field) -> Int {
        switch field.type {
        case .double, .fixed64, .sfixed64: 1
        case .float, .fixed32, .sfixed32: 5
        case .string, .bytes, .message: 2
        case .group: 3
        default: 0
        }
    }

    /// The JSON of a scalar field's default; `nil` for messages (left out).
    func defaultValue(_ field: ProtoSchema.Field) -> JSONValue? {
        switch field.type {
        case .message, .group: nil
        case .string, .bytes: .string("")
        case .bool: .bool(false)
        case .int64, .uint64, .sint64, .fixed64, .sfixed64: .string("0")
        case .double, .float: .double(0)
        case .enum: schema.enums[field.typeName]?.values[0].map { .string($0) } ?? .int(0)
        default: .int(0)
        }
    }

    func scalar(_ reader: inout WireReader, field: ProtoSchema.Field, wire: Int) throws(ProtoCodecError) -> JSONValue {
        switch field.type {
        case .double: return Self.number(Double(bitPattern: try reader.fixed64()))
        case .float: return Self.number(Double(Float(bitPattern: try reader.fixed32())))
        case .int64: return .string(String(Int64(bitPattern: try reader.varint())))
        case .uint64: return .string(String(try reader.varint()))
        case .sint64: return .string(String(Self.unzigzag(try reader.varint())))
        case .fixed64: return .string(String(try reader.fixed64()))
        case .sfixed64: return .string(String(Int64(bitPattern: try reader.fixed64())))
        case .int32: return .int(Int(Int32(truncatingIfNeeded: try reader.varint())))
        case .uint32: return .int(Int(UInt32(truncatingIfNeeded: try reader.varint())))
        case .sint32: return .int(Int(Int32(truncatingIfNeeded: Self.unzigzag(try reader.varint()))))
        case .fixed32: return .int(Int(try reader.fixed32()))
        case .sfixed32: return .int(Int(Int32(bitPattern: try reader.fixed32())))
        case .bool: return .bool(try reader.varint() != 0)
        case .enum:
            let number = Int(Int32(truncatingIfNeeded: try reader.varint()))
            return schema.enums[field.typeName]?.values[number].map { .string($0) } ?? .int(number)
        case .string: return .string(String(decoding: try reader.lengthDelimited(), as: UTF8.self))
        case .bytes: return .string(Data(try reader.lengthDelimited()).base64EncodedString())
        case .message, .group: throw .malformed("message as scalar")
        }
    }

    static func number(_ value: Double) -> JSONValue {
        if value.isNaN { return .string("NaN") }
        if value.isInfinite { return .string(value > 0 ? "Infinity" : "-Infinity") }
        return .double(value)
    }

    static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }

    // MARK: - Well-known types

    static let wrappers: Set<String> = [
        "google.protobuf.DoubleValue", "google.protobuf.FloatValue", "google.protobuf.Int64Value",
        "google.protobuf.UInt64Value", "google.protobuf.Int32Value", "google.protobuf.UInt32Value",
        "google.protobuf.BoolValue", "google.protobuf.StringValue", "google.protobuf.BytesValue",
    ]

    /// Proto3 JSON of a `Timestamp` or `Duration` (``ProtoTime``). One
    /// outside the spec's range has no such text and is shown as its two
    /// fields, as they came, rather than failing the whole message.
    static func time(seconds: Int64, nanos: Int32, type: String) -> JSONValue {
        guard let text = ProtoTime.text(seconds: seconds, nanos: nanos, type: type) else {
            return .object(["seconds": .string(String(seconds)), "nanos": .int(Int(nanos))])
        }
        return .string(text)
    }

    /// `Timestamp` as RFC 3339 (`2024-01-02T03:04:05Z`), `Duration` as `1.5s`,
    /// a wrapper as its value; `nil` for any other type.
    func wellKnown(_ bytes: ArraySlice<UInt8>, type: String) throws(ProtoCodecError) -> JSONValue? {
        switch type {
        case "google.protobuf.Timestamp", "google.protobuf.Duration":
            var reader = WireReader(bytes)
            var seconds: Int64 = 0
            var nanos: Int32 = 0
            while !reader.atEnd {
                let key = try reader.varint()
                switch (key >> 3, key & 7) {
                case (1, 0): seconds = Int64(bitPattern: try reader.varint())
                case (2, 0): nanos = Int32(truncatingIfNeeded: try reader.varint())
                default: try reader.skip(wire: Int(key & 7), depth: 0)
                }
            }
            return Self.time(seconds: seconds, nanos: nanos, type: type)
        case _ where Self.wrappers.contains(type):
            guard let wrapper = schema.messages[type], let field = wrapper.field(number: 1) else { return nil }
            var reader = WireReader(bytes)
            var value = defaultValue(field) ?? .null
            while !reader.atEnd {
                let key = try reader.varint()
                if key >> 3 == 1, Int(key & 7) == Self.wire(of: field) {
                    value = try scalar(&reader, field: field, wire: Int(key & 7))
                } else {
                    try reader.skip(wire: Int(key & 7), depth: 0)
                }
            }
            return value
        default:
            return nil
        }
    }
}

/// Protobuf's wire format, read from the front.
struct WireReader {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { bytes.isEmpty }

    mutating func varint() throws(ProtoCodecError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = bytes.popFirst() {
            guard shift < 64 else { throw .malformed("varint longer than 10 bytes") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        throw .truncated
    }

    mutating func fixed32() throws(ProtoCodecError) -> UInt32 {
        guard bytes.count >= 4 else { throw .truncated }
        var value: UInt32 = 0
        for (index, byte) in bytes.prefix(4).enumerated() { value |= UInt32(byte) << (8 * UInt32(index)) }
        bytes = bytes.dropFirst(4)
        return value
    }

    mutating func fixed64() throws(ProtoCodecError) -> UInt64 {
        guard bytes.count >= 8 else { throw .truncated }
        var value: UInt64 = 0
        for (index, byte) in bytes.prefix(8).enumerated() { value |= UInt64(byte) << (8 * UInt64(index)) }
        bytes = bytes.dropFirst(8)
        return value
    }

    mutating func lengthDelimited() throws(ProtoCodecError) -> ArraySlice<UInt8> {
        let length = try varint()
        guard length <= UInt64(bytes.count) else { throw .truncated }
        let value = bytes.prefix(Int(length))
        bytes = bytes.dropFirst(Int(length))
        return value
    }

    /// Past one value of wire type `wire` (a group to its end, nested at most ``ProtoDecoder/deepest``).
    mutating func skip(wire: Int, depth: Int) throws(ProtoCodecError) {
        switch wire {
        case 0: _ = try varint()
        case 1: _ = try fixed64()
        case 2: _ = try lengthDelimited()
        case 5: _ = try fixed32()
        case 3:
            guard depth < ProtoDecoder.deepest else { throw .tooDeep(ProtoDecoder.deepest) }
            while true {
                let key = try varint()
                if key & 7 == 4 { return }
                try skip(wire: Int(key & 7), depth: depth + 1)
            }
        default: throw .malformed("wire type \(wire)")
        }
    }
}
