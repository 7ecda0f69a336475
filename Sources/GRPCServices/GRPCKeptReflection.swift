import Foundation
import JSON
import SwiftProtobuf

/// What server reflection told of a service, in the form kept in the
/// SQLite cache so that the next start can begin from it when the server
/// does not answer: `{"reflection": "grpc.reflection.v1alpha.ServerReflection",
/// "services": ["library.v1.Library"], "files": ["<base64 of a serialized
/// FileDescriptorProto>", …]}`. Read within the bounds reflection keeps
/// (``GRPCReflection/mostFiles``, ``GRPCReflection/mostServices``, 16 MB of
/// descriptors); a form that breaks one is not read.
public struct GRPCKeptReflection: Sendable, Hashable {
    public var services: [String]
    public var files: [Google_Protobuf_FileDescriptorProto]
    public var reflection: String

    public init(services: [String], files: [Google_Protobuf_FileDescriptorProto], reflection: String) {
        self.services = services
        self.files = files
        self.reflection = reflection
    }

    /// The catalog the screens browse, made of it.
    public var catalog: GRPCCatalog { GRPCCatalog(services: services, files: files, reflection: reflection) }

    /// Bytes of the kept form read at most: the descriptors' bound, in base64, and the names.
    static let largest = GRPCReflection.mostBytes / 3 * 4 + 1024 * 1024

    /// The kept form (JSON), or `nil` when a file does not serialize.
    public func encoded() -> Data? {
        var object = JSONObject()
        object["reflection"] = .string(reflection)
        object["services"] = .array(services.map(JSONValue.string))
        var encoded: [JSONValue] = []
        for file in files {
            guard let bytes: Data = try? file.serializedBytes() else { return nil }
            encoded.append(.string(bytes.base64EncodedString()))
        }
        object["files"] = .array(encoded)
        return JSONWriter.data(.object(object))
    }

    /// The kept form read back; `nil` when it is none, or too large.
    public static func decoded(_ data: Data) -> GRPCKeptReflection? {
        guard data.count <= largest, let value = try? JSONParser.parse(data),
            let reflection = value.value(atPath: "reflection")?.stringValue,
            let services = value.value(atPath: "services")?.arrayValue,
            let files = value.value(atPath: "files")?.arrayValue,
            services.count <= GRPCReflection.mostServices, files.count <= GRPCReflection.mostFiles
        else { return nil }
        var read: [Google_Protobuf_FileDescriptorProto] = []
        for file in files {
            guard let text = file.stringValue, let bytes = Data(base64Encoded: text),
                let descriptor = try? Google_Protobuf_FileDescriptorProto(serializedBytes: bytes)
            else { return nil }
            read.append(descriptor)
        }
        let names = services.compactMap(\.stringValue)
        guard names.count == services.count else { return nil }
        return GRPCKeptReflection(services: names, files: read, reflection: reflection)
    }
}
