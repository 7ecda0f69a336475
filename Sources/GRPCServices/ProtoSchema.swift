import SwiftProtobuf

/// The messages and enums of a set of reflected files
/// (`Google_Protobuf_FileDescriptorProto`), by full name (`library.v1.Book`),
/// as the dynamic codec (``ProtoDecoder``, ``ProtoEncoder``) reads them.
public struct ProtoSchema: Sendable, Hashable {
    public typealias FieldType = Google_Protobuf_FieldDescriptorProto.TypeEnum

    /// One field of a message.
    public struct Field: Sendable, Hashable {
        /// The name in the .proto (`page_size`).
        public var name: String
        /// proto3's JSON name (`pageSize`).
        public var jsonName: String
        public var number: Int
        public var type: FieldType
        public var isRepeated: Bool
        /// The message or enum type, full name without the leading dot (`library.v1.Book`).
        public var typeName: String

        public init(
            name: String, jsonName: String? = nil, number: Int, type: FieldType, isRepeated: Bool = false,
            typeName: String = ""
        ) {
            self.name = name
            self.jsonName = jsonName ?? ProtoSchema.lowerCamel(name)
            self.number = number
            self.type = type
            self.isRepeated = isRepeated
            self.typeName = typeName
        }

        /// Scalars a repeated field may pack (all but strings, bytes and messages).
        public var isPackable: Bool {
            switch type {
            case .string, .bytes, .message, .group: false
            default: true
            }
        }
    }

    /// One message type.
    public struct Message: Sendable, Hashable {
        public var fullName: String
        public var fields: [Field]
        /// A map's entry (`key` = 1, `value` = 2): the field is shown as a JSON object.
        public var isMapEntry: Bool

        public init(fullName: String, fields: [Field], isMapEntry: Bool = false) {
            self.fullName = fullName
            self.fields = fields
            self.isMapEntry = isMapEntry
        }

        public func field(number: Int) -> Field? { fields.first { $0.number == number } }

        /// The field named `name` in the .proto or in JSON.
        public func field(named name: String) -> Field? {
            fields.first { $0.jsonName == name } ?? fields.first { $0.name == name }
        }
    }

    /// One enum type: its values' names by number.
    public struct Enum: Sendable, Hashable {
        public var fullName: String
        public var values: [Int: String]
        public var numbers: [String: Int]

        public init(fullName: String, values: [(String, Int)]) {
            self.fullName = fullName
            var byNumber: [Int: String] = [:]
            var byName: [String: Int] = [:]
            for (name, number) in values {
                if byNumber[number] == nil { byNumber[number] = name }
                byName[name] = number
            }
            self.values = byNumber
            self.numbers = byName
        }
    }

    public var messages: [String: Message] = [:]
    public var enums: [String: Enum] = [:]

    public init(messages: [Message] = [], enums: [Enum] = []) {
        for message in messages { self.messages[message.fullName] = message }
        for value in enums { self.enums[value.fullName] = value }
    }

    /// The types of `files` (nested types included), at most ``mostTypes``.
    public init(files: [Google_Protobuf_FileDescriptorProto]) {
        for file in files {
            let prefix = file.package.isEmpty ? "" : file.package + "."
            for message in file.messageType { add(message, prefix: prefix) }
            for value in file.enumType { add(value, prefix: prefix) }
        }
    }

    /// Types kept at most from one service's files.
    public static let mostTypes = 10_000

    private mutating func add(_ message: Google_Protobuf_DescriptorProto, prefix: String, depth: Int = 0) {
        guard messages.count + enums.count < Self.mostTypes, depth < ProtoDecoder.deepest else { return }
        let fullName = prefix + message.name
        messages[fullName] = Message(
            fullName: fullName,
            fields: message.field.map { field in
                Field(
                    name: field.name, jsonName: field.hasJsonName ? field.jsonName : nil, number: Int(field.number),
                    type: field.type, isRepeated: field.label == .repeated,
                    typeName: field.typeName.hasPrefix(".") ? String(field.typeName.dropFirst()) : field.typeName)
            },
            isMapEntry: message.options.mapEntry)
        for nested in message.nestedType { add(nested, prefix: fullName + ".", depth: depth + 1) }
        for value in message.enumType { add(value, prefix: fullName + ".") }
    }

    private mutating func add(_ value: Google_Protobuf_EnumDescriptorProto, prefix: String) {
        guard messages.count + enums.count < Self.mostTypes else { return }
        enums[prefix + value.name] = Enum(
            fullName: prefix + value.name, values: value.value.map { ($0.name, Int($0.number)) })
    }

    /// `page_size` → `pageSize` (proto3's JSON names).
    public static func lowerCamel(_ name: String) -> String {
        var result = ""
        var upper = false
        for character in name {
            if character == "_" {
                upper = true
            } else if upper {
                result += character.uppercased()
                upper = false
            } else {
                result.append(character)
            }
        }
        return result
    }
}
