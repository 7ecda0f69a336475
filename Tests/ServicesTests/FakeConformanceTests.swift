import FakeServices
import Foundation
import JSON
import JSONServerCore
import Networking
import Services
import TestSupport
import Testing

/// The shared json-server conformance table, run through the fake
/// environment's transport (`EngineHTTPClient`): the same cases `trestle
/// serve` passes over HTTP, so the fake and the server cannot drift.
@Suite struct FakeConformanceTests {
    static let base = "fake://sample-data"

    @Test(arguments: ConformanceCase.all)
    func theFakeBehavesLikeJSONServer(_ testCase: ConformanceCase) async throws {
        let engine = JSONServerEngine(database: try ConformanceFixture.database(), readOnly: testCase.readOnly)
        let client = EngineHTTPClient(engine: engine, behavior: .immediate)
        let failures = try await ConformanceRunner.run(testCase, base: Self.base) { method, target, headers, body in
            guard let url = URL(string: Self.base + target), let verb = HTTPMethod(rawValue: method) else {
                throw NetworkError.invalidURL(target)
            }
            var outgoing = request(verb, url)
            for (name, value) in headers { outgoing = outgoing |> withHeader(name, value) }
            if let body { outgoing = outgoing |> withJSONBody(body) }
            let response = try await client.send(outgoing)
            var fields: [String: String] = [:]
            for field in response.headers { fields[field.name] = field.value }
            return ConformanceResponse(status: response.status, headers: fields, body: response.body)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
