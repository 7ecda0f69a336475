import Foundation
import TestSupport
import Testing

@testable import Networking

/// `AsyncHTTPClientTransport` on its own against real servers on 127.0.0.1:
/// deadlines, cancellation, limits, redirects, HEAD, TLS and its errors.
@Suite struct AsyncHTTPClientTransportTests {
    @Test func aServerThatAcceptsAndNeverAnswersTimesOut() async throws {
        let server = try FaultHTTPServer.start(json: FaultedTransportTests.db)
        defer { server.stop() }
        server.inject(FaultRule(.slow(seconds: nil)))
        let transport = AsyncHTTPClientTransport()
        let url = try #require(URL(string: server.baseURLString + "/todos"))
        await #expect(throws: NetworkError.timeout(seconds: 0.5)) {
            try await transport.send(request(.get, url) |> withTimeout(0.5))
        }
        await transport.shutdown()
    }

    @Test func cancellingTheCallingTaskCancelsTheTransfer() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let server = try await TestHTTPServer.start { _ in
            arrived.yield()
            return .json("[]", delay: .seconds(30))
        }
        let transport = AsyncHTTPClientTransport()
        let sending = Task { () -> Result<Response, NetworkError> in
            do throws(NetworkError) {
                return .success(try await transport.send(request(.get, server.baseURL) |> withTimeout(60)))
            } catch {
                return .failure(error)
            }
        }
        var iterator = arrivals.makeAsyncIterator()
        await iterator.next()
        sending.cancel()
        let outcome = await sending.value
        #expect(throws: NetworkError.cancelled) { try outcome.get() }
        await transport.shutdown()
        await server.stop()
    }

    @Test func aBodyOverTheLimitIsAClearError() async throws {
        let server = try await TestHTTPServer.start { _ in .text(String(repeating: "x", count: 5000)) }
        let transport = AsyncHTTPClientTransport(largestBody: 1000)
        do {
            _ = try await transport.send(request(.get, server.baseURL))
            Issue.record("a 5,000-byte body passed a 1,000-byte limit")
        } catch {
            #expect(error == .answerTooLarge(host: "127.0.0.1:\(server.port)", limit: 1000))
        }
        // Within the limit it arrives whole.
        let roomy = AsyncHTTPClientTransport(largestBody: 5000)
        #expect(try await roomy.send(request(.get, server.baseURL)).body.count == 5000)
        await roomy.shutdown()
        await transport.shutdown()
        await server.stop()
    }

    @Test func redirectsAreFollowedAndTheAnsweringURLReported() async throws {
        let server = try await TestHTTPServer.start { request in
            request.path == "/old" ? TestHTTPResponse(status: 302, headers: [("Location", "/new?x=1")]) : .json("[1]")
        }
        let transport = AsyncHTTPClientTransport()
        let response = try await transport.send(request(.get, server.baseURL.appendingPathComponent("old")))
        #expect(response.status == 200)
        #expect(response.body == Data("[1]".utf8))
        #expect(response.url.absoluteString == server.baseURL.absoluteString + "/new?x=1")
        #expect(await server.requests.map(\.path) == ["/old", "/new"])
        await transport.shutdown()
        await server.stop()
    }

    @Test func headGetsTheHeadersWithoutABody() async throws {
        let server = try await TestHTTPServer.start { _ in .json("[1,2,3]", headers: [("X-Total-Count", "3")]) }
        let transport = AsyncHTTPClientTransport()
        let response = try await transport.send(request(.head, server.baseURL.appendingPathComponent("todos")))
        #expect(response.status == 200)
        #expect(response.headers["x-total-count"] == "3")
        #expect(response.body.isEmpty)
        #expect(await server.requests.first?.method == "HEAD")
        await transport.shutdown()
        await server.stop()
    }

    @Test func theBodyAndHeadersOfAWriteArriveAsSent() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"{"id":7}"#, status: 201) }
        let transport = AsyncHTTPClientTransport()
        let post =
            request(.post, server.baseURL.appendingPathComponent("todos"))
            |> withJSONBody(Data(#"{"title":"a"}"#.utf8)) |> withHeader("X-Trace", "t1")
        let response = try await transport.send(post)
        #expect(response.status == 201)
        let received = try #require(await server.requests.first)
        #expect(received.method == "POST")
        #expect(received.body == Data(#"{"title":"a"}"#.utf8))
        #expect(received.header("X-Trace") == "t1")
        #expect(received.header("Content-Type") == "application/json")
        await transport.shutdown()
        await server.stop()
    }

    /// A cleartext server gets a client for HTTP/1.1 only (what it speaks
    /// there anyway); a TLS one, or none named, lets HTTP/2 be negotiated.
    @Test func aCleartextServerGetsAClientForHTTP1Only() {
        #expect(AsyncHTTPClientTransport(server: URL(string: "http://127.0.0.1:3000")).speaksOnlyHTTP1)
        #expect(AsyncHTTPClientTransport(server: URL(string: "HTTP://localhost")).speaksOnlyHTTP1)
        #expect(!AsyncHTTPClientTransport(server: URL(string: "https://jsonplaceholder.typicode.com")).speaksOnlyHTTP1)
        #expect(!AsyncHTTPClientTransport().speaksOnlyHTTP1)
    }

    /// The HTTP/1.1-only client of a cleartext server (as the live
    /// environments make it), and the default one, both ask for and
    /// decompress a gzipped answer.
    @Test(arguments: [true, false])
    func aGzippedAnswerIsAskedForAndDecompressed(namingTheServer: Bool) async throws {
        let gzipped = try #require(
            Data(base64Encoded: "H4sIAAAAAAACA4uuVspMUbIy1FEqySzJSVWyUqrKLChITVGqjQUAeV2UZBsAAAA="))
        let server = try await TestHTTPServer.start { _ in
            TestHTTPResponse(
                headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: gzipped)
        }
        let transport = AsyncHTTPClientTransport(server: namingTheServer ? server.baseURL : nil)
        #expect(transport.speaksOnlyHTTP1 == namingTheServer)
        let response = try await transport.send(request(.get, server.baseURL))
        #expect(String(decoding: response.body, as: UTF8.self) == #"[{"id":1,"title":"zipped"}]"#)
        #expect(await server.requests.first?.header("Accept-Encoding") == "gzip, deflate")
        await transport.shutdown()
        await server.stop()
    }

    @Test func repeatedResponseFieldsAreJoinedAsOne() async throws {
        let server = try await TestHTTPServer.start { _ in
            .json(
                "[]",
                headers: [
                    ("Link", "<http://x/a?_page=1>; rel=\"first\""), ("Link", "<http://x/a?_page=2>; rel=\"next\""),
                ])
        }
        let transport = AsyncHTTPClientTransport()
        let response = try await transport.send(request(.get, server.baseURL))
        #expect(response.headers.values(for: "link").count == 1)
        #expect(response.pageInfo.next?.absoluteString == "http://x/a?_page=2")
        await transport.shutdown()
        await server.stop()
    }

    @Test(arguments: ["ftp://127.0.0.1/x", "file:///etc/hosts", "http:///nohost"])
    func aURLThatIsNotHTTPIsInvalid(_ text: String) async throws {
        let url = try #require(URL(string: text))
        await #expect(throws: NetworkError.invalidURL(text)) {
            try await AsyncHTTPClientTransport().send(request(.get, url))
        }
    }

    @Test func aServerCertificateNoTrustStoreTrustsFailsTheHandshake() async throws {
        let server = try await TLSTestServer.start()
        let transport = AsyncHTTPClientTransport()
        do {
            _ = try await transport.send(
                request(.get, server.baseURL.appendingPathComponent("todos")) |> withTimeout(10))
            Issue.record("a self-signed certificate was accepted")
        } catch {
            // Self-signed and valid for a century: the second look says whose.
            #expect(error == .certificate(host: "127.0.0.1:\(server.port)", problem: .unknownAuthority))
        }
        await transport.shutdown()
        await server.stop()
    }

    @Test func afterShutdownRequestsFailWithoutSending() async throws {
        let server = try await TestHTTPServer.start { _ in .json("[]") }
        let transport = AsyncHTTPClientTransport()
        #expect(try await transport.send(request(.get, server.baseURL)).status == 200)
        await transport.shutdown()
        await #expect(throws: NetworkError.cancelled) {
            try await transport.send(request(.get, server.baseURL))
        }
        #expect(await server.hitCount(path: "/") == 1)
        await server.stop()
    }
}

/// A request with a ``BodyScan``: the transport hands the body's chunks to
/// its scanner as they arrive, stops where the scanner or the scan's
/// bounds say, and the response carries what the scanner kept.
@Suite struct BodyScanTransportTests {
    /// Counts the bytes it is given; wants no more past `stopAfter`.
    struct Counter: BodyScanner {
        var stopAfter = Int.max
        var count = 0
        var chunks = 0

        mutating func read(_ bytes: UnsafeRawBufferPointer) -> Bool {
            count += bytes.count
            chunks += 1
            return count < stopAfter
        }

        func body() -> Data { Data("\(count) in \(chunks)".utf8) }
    }

    static func counting(mostBytes: Int, stopAfter: Int = .max) -> BodyScan {
        BodyScan(name: "count", mostBytes: mostBytes, seconds: 60) { Counter(stopAfter: stopAfter) }
    }

    /// 8 MiB served: the whole of it scanned (a bound above it), and only
    /// the first 3 MiB under a bound of 3 MiB; the body is the scanner's.
    @Test func theBodyIsTheScannersAndTheBoundEndsTheRead() async throws {
        let size = 8 * 1024 * 1024
        let payload = String(repeating: "x", count: size)
        let server = try await TestHTTPServer.start { _ in .text(payload) }
        let transport = AsyncHTTPClientTransport()
        let whole = try await transport.send(
            request(.get, server.baseURL) |> withBodyScan(Self.counting(mostBytes: 64 * 1024 * 1024)))
        let wholeText = String(decoding: whole.body, as: UTF8.self)
        #expect(wholeText.hasPrefix("\(size) in "), "\(wholeText)")
        let bounded = try await transport.send(
            request(.get, server.baseURL) |> withBodyScan(Self.counting(mostBytes: 3 * 1024 * 1024)))
        let boundedText = String(decoding: bounded.body, as: UTF8.self)
        #expect(boundedText.hasPrefix("\(3 * 1024 * 1024) in "), "\(boundedText)")
        await transport.shutdown()
        await server.stop()
    }

    /// A scanner that needs no more ends the read at that chunk.
    @Test func aScannerThatHasEnoughEndsTheRead() async throws {
        let payload = String(repeating: "y", count: 4 * 1024 * 1024)
        let server = try await TestHTTPServer.start { _ in .text(payload) }
        let transport = AsyncHTTPClientTransport()
        let response = try await transport.send(
            request(.get, server.baseURL) |> withBodyScan(Self.counting(mostBytes: .max, stopAfter: 1)))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.hasSuffix(" in 1"), "\(text)")
        #expect((Int(text.prefix { $0.isNumber }) ?? .max) < 1024 * 1024)
        await transport.shutdown()
        await server.stop()
    }

    /// A client holding a whole answer scans it the same way (`scanned`).
    @Test func aWholeAnswerIsScannedInChunks() {
        let scan = Self.counting(mostBytes: 10)
        #expect(scan.scanned(Data(repeating: 1, count: 25), chunk: 4) == Data("10 in 3".utf8))
    }
}
