import Foundation
import TestSupport
import Testing

@testable import Networking

/// ``Redirects``: what a hop keeps, on the real transport between two
/// servers on 127.0.0.1 (two ports: two origins).
@Suite("Redirects")
struct RedirectTests {
    static let here = URL(string: "http://127.0.0.1:3000/books")!

    static func hop(_ status: Int, _ location: String, _ sent: Request) throws(NetworkError) -> Request? {
        try Redirects.next(after: status, location: location, sent: sent, first: here, visited: [here])
    }

    @Test func anotherPortSchemeOrHostIsAnotherOrigin() {
        let url = { (text: String) in URL(string: text)! }
        #expect(Redirects.sameOrigin(url("http://127.0.0.1:3000/a"), url("HTTP://127.0.0.1:3000/b?c")))
        #expect(Redirects.sameOrigin(url("http://h/a"), url("http://h:80/b")))
        #expect(!Redirects.sameOrigin(url("http://127.0.0.1:3000/a"), url("http://127.0.0.1:3001/a")))
        #expect(!Redirects.sameOrigin(url("https://h/a"), url("http://h/a")))
        #expect(!Redirects.sameOrigin(url("http://h/a"), url("http://g/a")))
    }

    @Test func aHopElsewhereKeepsOnlyFieldsThatHoldNoCredential() throws {
        let sent =
            request(.get, Self.here) |> withHeader("Authorization", "Bearer t") |> withHeader("X-Api-Key", "k")
            |> withHeader("Cookie", "sid=1") |> withHeader("Accept", "application/json")
            |> withHeader("If-None-Match", "\"e\"")
        let same = try #require(try Self.hop(302, "/other", sent))
        #expect(same.headers == sent.headers)
        #expect(same.url.absoluteString == "http://127.0.0.1:3000/other")
        let away = try #require(try Self.hop(307, "http://127.0.0.1:3001/books", sent))
        #expect(away.headers.map(\.name) == ["Accept"])
        #expect(away.method == .get)
    }

    @Test func a303OrAPost302BecomesAGetWithoutBody() throws {
        let post =
            request(.post, Self.here).with(
                headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data("password=p".utf8))
        for status in [301, 302, 303] {
            let next = try #require(try Self.hop(status, "http://127.0.0.1:3001/x", post))
            #expect(next.method == .get && next.body == nil && next.headers["Content-Type"] == nil)
        }
        let put = request(.put, Self.here).with(body: Data("{}".utf8))
        #expect(try Self.hop(307, "/same", put)?.body == Data("{}".utf8))
    }

    @Test func aBodyIsNeverCarriedToAnotherOrigin() {
        let post = request(.post, Self.here).with(body: Data("client_secret=s".utf8))
        for status in [307, 308] {
            #expect(throws: NetworkError.redirectRefused(to: "http://127.0.0.1:3001")) {
                try Self.hop(status, "http://127.0.0.1:3001/token", post)
            }
        }
    }

    @Test func aCycleOrTooManyHopsStop() {
        let get = request(.get, Self.here)
        #expect(throws: NetworkError.tooManyRedirects(host: "127.0.0.1:3000")) {
            try Redirects.next(after: 302, location: "/books", sent: get, first: Self.here, visited: [Self.here])
        }
        let many = (0...Redirects.limit).map { URL(string: "http://127.0.0.1:3000/\($0)")! }
        #expect(throws: NetworkError.tooManyRedirects(host: "127.0.0.1:3000")) {
            try Redirects.next(after: 302, location: "/new", sent: get, first: Self.here, visited: many)
        }
        #expect(throws: NetworkError.invalidURL("file:///etc/passwd")) {
            try Redirects.next(after: 302, location: "file:///etc/passwd", sent: get, first: Self.here, visited: [])
        }
    }

    /// The transport follows a 307 to another port with the API key and
    /// cookie dropped, and says where the answer came from.
    @Test func theTransportDropsCredentialsOnAHopElsewhere() async throws {
        let elsewhere = try await TestHTTPServer.start { _ in .json("[1]") }
        let location = elsewhere.baseURL.absoluteString + "/books"
        let service = try await TestHTTPServer.start { _ in
            TestHTTPResponse(status: 307, headers: [("Location", location)])
        }
        let transport = AsyncHTTPClientTransport()
        let sent =
            request(.get, service.baseURL.appendingPathComponent("books")) |> withHeader("X-Api-Key", "k3y")
            |> withHeader("Cookie", "sid=1")
        let response = try await transport.send(sent)
        #expect(response.status == 200)
        #expect(response.url.absoluteString == location)
        #expect(response.redirects.map(\.absoluteString) == [service.baseURL.absoluteString + "/books"])
        #expect(response.redirectedOrigin == "http://127.0.0.1:\(elsewhere.port)")
        let received = try #require(await elsewhere.requests.first)
        #expect(received.header("X-Api-Key") == nil && received.header("Cookie") == nil)
        await transport.shutdown()
        await service.stop()
        await elsewhere.stop()
    }
}
