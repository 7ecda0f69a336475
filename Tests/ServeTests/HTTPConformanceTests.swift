import Foundation
import JSON
import Serve
import TestSupport
import Testing

/// The shared json-server conformance table, run over real HTTP against `trestle serve`.
@Suite struct HTTPConformanceTests {
    @Test(arguments: ConformanceCase.all)
    func serverBehavesLikeJSONServerOverHTTP(_ testCase: ConformanceCase) async throws {
        let server = try await RunningServer.start(
            database: try ConformanceFixture.database(), readOnly: testCase.readOnly)
        let base = server.url.absoluteString
        let failures: [String]
        do {
            failures = try await ConformanceRunner.run(testCase, base: base) { method, target, headers, body in
                try await server.send(method, target, headers: headers, body: body)
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
