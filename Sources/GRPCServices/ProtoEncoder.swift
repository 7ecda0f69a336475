import Foundation
import JSON
import SwiftProtobuf

/// Writes JSON as a message of a ``ProtoSchema`` type in protobuf's wire
/// format, by proto3's JSON mapping: fields by JSON or .proto name,
/// 64-bit integers from numbers or strings, enums by name or number, bytes
/// from base64, repeated scalars packed, maps from objects. Numbers typed
/// into a form as text are read as numbers. Members the type does not
/// declare are refused (a typo must not go unnoticed).
public struct ProtoEncoder: Sendable {
    public let schema: ProtoSchema
    public init(schema: ProtoSchema) { self.schema = schema }

    public func encode(_ value: JSONValue, as type: String) throws(ProtoCodecError) -> [UInt8] {
        var writer = WireWriter()
        try message(value, type: type, into: &writer, depth: 0)
        guard writer.bytes.count <= ProtoDecoder.largest else {
            throw .tooLarge(writer.bytes.count, ProtoDecoder.largest)
        }
        return writer.bytes
    }

    func message(_ value: JSONValue, type: String, into writer: inout WireWriter, depth: Int)
        throws(ProtoCodecError)
    {
        guard depth < ProtoDecoder.deepest else { throw .tooDeep(ProtoDecoder.deepest) }
        guard let declared = schema.messages[type] else { throw .unknownType(type) }
        if try wellKnown(value, type: type, into: &writer) { return }
        guard let object = value.objectValue else {
            if value.isNull { return }
            throw .badValue(type, Self.shown(value))
        }
        for (name, member) in object {
            guard let field = declared.field(named: name) else { throw .badValue(name, "no such field in \(type)") }
            if member.isNull { continue }
            try self.field(field, member, into: &writer, depth: depth)
        }
    }

    func field(_ field: ProtoSchema.Field, _ value: JSONValue, into writer: inout WireWriter, depth: Int)
        throws(ProtoCodecError)
    {
        if field.type == .message, field.isRepeated, let entry = schema.messages[field.typeName], entry.isMapEntry {
            guard let object = value.objectValue else { throw .badValue(field.name, Self.shown(value)) }
            guard let keyField = entry.field(number: 1), let valueField = entry.field(number: 2) else { return }
            for (key, member) in object {
                var inner = WireWriter()
                try single(keyField, .string(key), into: &inner, depth: depth + 1)
                try single(valueField, member, into: &inner, depth: depth + 1)
                writer.key(field.number, wire: 2)
                writer.lengthDelimited(inner.bytes)
            }
            return
        }
        guard field.isRepeated else { return try single(field, value, into: &writer, depth: depth) }
        let items = value.arrayValue ?? [value]
        if field.isPackable {
            var packed = WireWriter()
            for item in items { try scalar(field, item, into: &packed) }
            writer.key(field.number, wire: 2)
            writer.lengthDelimited(packed.bytes)
        } else {
            for item in items { try single(field, item, into: &writer, depth: depth) }
        }
    }

    func single(_ field: ProtoSchema.Field, _ value: JSONValue, into writer: inout WireWriter, depth: Int)
        throws(ProtoCodecError)
    {
        writer.key(field.number, wire: ProtoDecoder.wire(of: field))
        if field.type == .message {
            var inner = WireWriter()
            try message(value, type: field.typeName, into: &inner, depth: depth + 1)
            writer.lengthDelimited(inner.bytes)
        } else {
            try scalar(field, value, into: &writer)
        }
    }

    func scalar(_ field: ProtoSchema.Field, _ value: JSONValue, into writer: inout WireWriter) throws(ProtoCodecError) {
        let name = field.name
        switch field.type {
        case .double: writer.fixed64(try Self.double(value, name).bitPattern)
        case .float: writer.fixed32(Float(try Self.double(value, name)).bitPattern)
        case .int64, .int32: writer.varint(UInt64(bitPattern: try Self.integer(value, name, field.type == .int32)))
        case .uint64: writer.varint(try Self.unsigned(value, name))
        case .uint32:
            let number = try Self.integer(value, name, true)
            guard number >= 0 else { throw .badValue(name, Self.shown(value)) }
            writer.varint(UInt64(number))
        case .sint64, .sint32:
            let number = try Self.integer(value, name, field.type == .sint32)
            writer.varint(UInt64(bitPattern: (number << 1) ^ (number >> 63)))
        case .fixed64: writer.fixed64(try Self.unsigned(value, name))
        case .sfixed64: writer.fixed64(UInt64(bitPattern: try Self.integer(value, name, false)))
        case .fixed32, .sfixed32:
            writer.fixed32(UInt32(truncatingIfNeeded: try Self.integer(value, name, true)))
        case .bool:
            switch value {
            case .bool(let flag): writer.varint(flag ? 1 : 0)
            case .string("true"): writer.varint(1)
            case .string("false"): writer.varint(0)
            default: throw .badValue(name, Self.shown(value))
            }
        case .enum:
            let number: Int
            if case .string(let text) = value, let known = schema.enums[field.typeName]?.numbers[text] {
                number = known
            } else {
                number = Int(try Self.integer(value, name, true))
            }
            writer.varint(UInt64(bitPattern: Int64(number)))
        case .string:
            guard case .string(let text) = value else { throw .badValue(name, Self.shown(value)) }
            writer.lengthDelimited(Array(text.utf8))
        case .bytes:
            guard case .string(let text) = value, let data = Data(base64Encoded: text) else {
                throw .badValue(name, Self.shown(value))
            }
            writer.lengthDelimited(Array(data))
        case .message, .group:
            throw .badValue(name, Self.shown(value))
        }
    }

    /// `Timestamp` from RFC 3339, `Duration` from `1.5s`, a wrapper from its value.
    /// The two times are read by SwiftProtobuf's own proto3 JSON mapping, to
    /// the nanosecond and within the ranges the spec allows.
    func wellKnown(_ value: JSONValue, type: String, into writer: inout WireWriter) throws(ProtoCodecError) -> Bool {
        switch type {
        case "google.protobuf.Timestamp", "google.protobuf.Duration":
            guard case .string(let text) = value else { return false }
            guard let (seconds, nanos) = ProtoTime.fields(text, type: type) else { throw .badValue(type, text) }
            writer.key(1, wire: 0)
            writer.varint(UInt64(bitPattern: seconds))
            if nanos != 0 {
                writer.key(2, wire: 0)
                writer.varint(UInt64(bitPattern: Int64(nanos)))
            }
            return true
        case _ where ProtoDecoder.wrappers.contains(type):
            guard value.objectValue == nil, let field = schema.messages[type]?.field(number: 1) else { return false }
            try single(field, value, into: &writer, depth: 0)
            return true
        default:
            return false
        }
    }

    static func integer(_ value: JSONValue, _ name: String, _ narrow: Bool) throws(ProtoCodecError) -> Int64 {
        let number: Int64?
        switch value {
        case .int(let whole): number = Int64(whole)
        case .double(let real): number = real.rounded() == real ? Int64(exactly: real) : nil
        case .string(let text): number = Int64(text.trimmingCharacters(in: .whitespaces))
        default: number = nil
        }
        guard let number, !narrow || (Int64(Int32.min)...Int64(UInt32.max)).contains(number) else {
            throw .badValue(name, shown(value))
        }
        return number
    }

    /// A `uint64`/`fixed64`: up to 2⁶⁴ − 1, from a number or a string.
    static func unsigned(_ value: JSONValue, _ name: String) throws(ProtoCodecError) -> UInt64 {
        if case .string(let text) = value, let number = UInt64(text.trimmingCharacters(in: .whitespaces)) {
            return number
        }
        let number = try integer(value, name, false)
        guard number >= 0 else { throw .badValue(name, shown(value)) }
        return UInt64(number)
    }

    static func double(_ value: JSONValue, _ name: String) throws(ProtoCodecError) -> Double {
        switch value {
        case .int(let whole): return Double(whole)
        case .double(let real): return real
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .string(let text):
            guard let real = Double(text.trimmingCharacters(in: .whitespaces)) else { throw .badValue(name, text) }
            return real
        default: throw .badValue(name, shown(value))
        }
    }

    static func shown(_ value: JSONValue) -> String {
        String(String(decoding: JSONWriter.data(value), as: UTF8.self).prefix(80))
    }
}

/// Protobuf's wire format, written at the end.
struct WireWriter {
    var bytes: [UInt8] = []

    mutating func key(_ number: Int, wire: Int) { varint(UInt64(number) << 3 | UInt64(wire)) }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func fixed32(_ value: UInt32) {
        for index in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))) }
    }

    mutating func fixed64(_ value: UInt64) {
        for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }

    mutating func lengthDelimited(_ value: [UInt8]) {
        varint(UInt64(value.count))
        bytes += value
    }
}
