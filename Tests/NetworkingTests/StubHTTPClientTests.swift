import Foundation
import Networking
import TestSupport
import Testing

@Suite struct StubHTTPClientTests {
    @Test func stubAnswersWithTheEndpointsSampleData() async throws {
        let endpoint = ExampleEndpoint.list(base: URL(string: "http://stub")!, page: 1)
        let client = NetworkClient(client: StubHTTPClient(sampleFrom: endpoint), retry: .never)
        let items = try await client.decode([Item].self, from: endpoint)
        #expect(items == [Item(id: 1, title: "sample")])
    }

    @Test func stubErrorsPassThroughTheClient() async throws {
        let client = NetworkClient(
            client: StubHTTPClient { _ throws(NetworkError) in throw .dns(host: "stub") }, retry: .never)
        await #expect(throws: NetworkError.dns(host: "stub")) {
            try await client.send(request(.get, URL(string: "http://stub/x")!))
        }
    }
}
