import Foundation
import Services
import Testing

/// The remembered discovery's stored form (table `discovery`): what earlier
/// builds stored still reads after the gRPC outcome was added, and a gRPC
/// outcome reads back.
@Suite struct RememberedDiscoveryFormTests {
    @Test func earlierFormsStillReadAndAGRPCOutcomeReadsBack() throws {
        // As the build before the gRPC outcome stored them (synthesized Codable).
        let graphQL = Data(
            #"{"outcome":{"graphQL":{"_0":"http:\/\/127.0.0.1:8000\/graphql"}},"jsonServer":false,"lines":[],"learnedAt":786000000}"#
                .utf8)
        let read = try #require(RememberedDiscovery.decoded(graphQL))
        #expect(read.outcome == .graphQL(URL(string: "http://127.0.0.1:8000/graphql")!))
        let nothing = Data(#"{"outcome":{"nothing":{}},"jsonServer":false,"lines":["a"],"learnedAt":786000000}"#.utf8)
        #expect(RememberedDiscovery.decoded(nothing)?.outcome == .nothing)
        let grpc = RememberedDiscovery(.grpc(URL(string: "grpc://127.0.0.1:50051")!))
        let stored = try #require(grpc.encoded())
        #expect(RememberedDiscovery.decoded(stored) == grpc)
        #expect(String(decoding: stored, as: UTF8.self).contains(#""grpc":{"_0":"grpc:\/\/127.0.0.1:50051"}"#))
    }
}
