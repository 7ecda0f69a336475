import GRPCCore
import GRPCProtobuf
import SwiftProtobuf

/// Server reflection, as grpcurl asks it: `grpc.reflection.v1` first, then
/// `grpc.reflection.v1alpha` (grpcio serves only that one). Both speak the
/// same messages (generated once from grpcio-reflection's v1alpha
/// `reflection.proto`: scripts/generate-grpc-reflection), so v1 is asked
/// with them under its own service name. Each question is one call.
struct GRPCReflection {
    /// Reflection services, newest first.
    static let services = ["grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"]
    /// Files read at most (a service and its imports).
    static let mostFiles = 200
    /// Bytes of descriptors read at most.
    static let mostBytes = 16 * 1024 * 1024
    /// Services listed at most.
    static let mostServices = 100

    let connection: GRPCConnection

    /// What reflection told: the services (reflection's own left out), the
    /// files that define them and their imports, and which reflection answered.
    struct Reflected: Sendable {
        var services: [String]
        var files: [Google_Protobuf_FileDescriptorProto]
        var reflection: String
    }

    func reflect() async throws(GRPCError) -> Reflected {
        var lastFailure = ""
        for service in Self.services {
            let listed: Grpc_Reflection_V1alpha_ServerReflectionResponse
            do {
                var request = Grpc_Reflection_V1alpha_ServerReflectionRequest()
                request.listServices = ""
                listed = try await ask(request, service: service)
            } catch {
                if case .status(let code, let message) = error, code == "UNIMPLEMENTED" {
                    lastFailure = "\(service): \(message)"
                    continue
                }
                throw error
            }
            let names = listed.listServicesResponse.service.map(\.name)
                .filter { !$0.hasPrefix("grpc.reflection.") }.prefix(Self.mostServices)
            var files: [String: Google_Protobuf_FileDescriptorProto] = [:]
            var order: [String] = []
            var bytes = 0
            func keep(_ answer: Grpc_Reflection_V1alpha_ServerReflectionResponse) throws(GRPCError) {
                for data in answer.fileDescriptorResponse.fileDescriptorProto {
                    bytes += data.count
                    guard bytes <= Self.mostBytes else { throw .codec(.tooLarge(bytes, Self.mostBytes)) }
                    guard let file = try? Google_Protobuf_FileDescriptorProto(serializedBytes: data) else {
                        throw .codec(.malformed("file descriptor"))
                    }
                    if files[file.name] == nil {
                        guard files.count < Self.mostFiles else { throw .codec(.tooManyValues(Self.mostFiles)) }
                        files[file.name] = file
                        order.append(file.name)
                    }
                }
            }
            for name in names {
                var request = Grpc_Reflection_V1alpha_ServerReflectionRequest()
                request.fileContainingSymbol = name
                try keep(try await ask(request, service: service))
            }
            // Imports the answers named but did not send.
            var index = 0
            while index < order.count {
                for dependency in files[order[index]]?.dependency ?? [] where files[dependency] == nil {
                    var request = Grpc_Reflection_V1alpha_ServerReflectionRequest()
                    request.fileByFilename = dependency
                    if let answer = try? await ask(request, service: service) { try keep(answer) }
                }
                index += 1
            }
            return Reflected(services: Array(names), files: order.compactMap { files[$0] }, reflection: service)
        }
        throw .noReflection(lastFailure)
    }

    /// One question, one answer; an error answer is the server's status.
    func ask(_ request: Grpc_Reflection_V1alpha_ServerReflectionRequest, service: String) async throws(GRPCError)
        -> Grpc_Reflection_V1alpha_ServerReflectionResponse
    {
        var options = CallOptions.defaults
        options.timeout = .milliseconds(Int64(connection.timeout * 1000))
        options.maxResponseMessageBytes = Self.mostBytes
        let metadata = try await connection.metadata()
        let answer: Grpc_Reflection_V1alpha_ServerReflectionResponse?
        do {
            answer = try await connection.client.bidirectionalStreaming(
                request: StreamingClientRequest(
                    of: Grpc_Reflection_V1alpha_ServerReflectionRequest.self, metadata: metadata
                ) { writer in
                    try await writer.write(request)
                },
                descriptor: MethodDescriptor(fullyQualifiedService: service, method: "ServerReflectionInfo"),
                serializer: ProtobufSerializer<Grpc_Reflection_V1alpha_ServerReflectionRequest>(),
                deserializer: ProtobufDeserializer<Grpc_Reflection_V1alpha_ServerReflectionResponse>(),
                options: options
            ) { response in
                for try await message in response.messages { return message }
                return nil
            }
        } catch {
            throw GRPCConnection.failure(error, timeout: connection.timeout)
        }
        guard let answer else { throw .noReflection(service) }
        if case .errorResponse(let error)? = answer.messageResponse {
            throw .status(code: String(error.errorCode), message: error.errorMessage)
        }
        return answer
    }
}
