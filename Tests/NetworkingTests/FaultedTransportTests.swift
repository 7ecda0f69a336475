import Foundation
import Networking
import TestSupport
import Testing

/// The HTTP client against a server that breaks its answers
/// (``FaultHTTPServer``): every fault is an error, never a hang, and a
/// write is sent once, never again behind the caller's back.
@Suite struct FaultedTransportTests {
    static let db = #"{"todos": [{"userId": 1, "id": 1, "title": "a", "completed": false}]}"#

    static let transportFaults: [NetworkFault] = [
        .resetBeforeHeaders, .resetMidBody, .truncatedBody, .status(500), .htmlPage(status: 500),
    ]

    @Test(arguments: transportFaults)
    func aPatchMeetingTheFaultOnAReusedConnectionIsSentOnce(_ fault: NetworkFault) async throws {
        let server = try FaultHTTPServer.start(json: Self.db)
        defer { server.stop() }
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: .never)
        let url = try #require(URL(string: server.baseURLString + "/todos/1"))
        // First answers leave kept-alive connections (the server ignores
        // `Connection: close`) for the faulted PATCH to reuse, were it to.
        // A hang is told from an error by the timeout: 60 s, so that a
        // loaded machine's slow error is not taken for one (5 s was, beside
        // two CPU hogs).
        let patch = request(.patch, url) |> withJSONBody(Data(#"{"completed": true}"#.utf8)) |> withTimeout(60)
        #expect(try await client.send(request(.get, url)).status == 200)
        #expect(try await client.send(patch).status == 200)
        server.inject(FaultRule(fault, method: "PATCH", times: 1))
        let outcome: Result<Response, NetworkError>
        do {
            outcome = .success(try await client.send(patch))
        } catch {
            outcome = .failure(error)
        }
        #expect(server.count("PATCH") == 2, "\(fault): \(server.requestLines)")
        if case .failure(.timeout) = outcome { Issue.record("\(fault) hung until the timeout") }
        if case .success(let response) = outcome { #expect(response.status >= 400, "\(fault) succeeded") }
    }

    @Test(arguments: [HTTPMethod.delete, .put])
    func aWriteAnswered503IsNotRetriedEvenWhenIdempotent(_ method: HTTPMethod) async throws {
        let server = try FaultHTTPServer.start(json: Self.db)
        defer { server.stop() }
        server.inject(FaultRule(.status(503)))
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: instantRetry())
        let url = try #require(URL(string: server.baseURLString + "/todos/1"))
        await #expect(throws: NetworkError.self) { try await client.send(request(method, url)) }
        #expect(server.count(method.rawValue) == 1, "\(server.requestLines)")
    }

    @Test func aReadAnswered503IsStillRetried() async throws {
        let server = try FaultHTTPServer.start(json: Self.db)
        defer { server.stop() }
        server.inject(FaultRule(.status(503), times: 1))
        let client = NetworkClient(client: AsyncHTTPClientTransport(), retry: instantRetry())
        let url = try #require(URL(string: server.baseURLString + "/todos/1"))
        #expect(try await client.send(request(.get, url)).status == 200)
        #expect(server.count("GET") == 2)
    }
}
