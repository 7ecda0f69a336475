import Foundation
import Networking
import Testing

@Suite struct RequestBuildingTests {
    let url = URL(string: "http://127.0.0.1:3000/todos")!

    @Test func decoratorsChainLeftToRightWithoutChangingTheOriginal() {
        let base = request(.get, url)
        let built = base |> withAcceptJSON |> withBearer("abc") |> withTimeout(10)
        #expect(built.headers["accept"] == "application/json")
        #expect(built.headers["Authorization"] == "Bearer abc")
        #expect(built.timeout == 10)
        #expect(base.headers.isEmpty)
        #expect(base.timeout == 30)
    }

    @Test func withHeaderReplacesAnEarlierValueWhateverItsCase() {
        let built = request(.get, url) |> withHeader("X-Trace", "1") |> withHeader("x-trace", "2")
        #expect(built.headers.values(for: "X-TRACE") == ["2"])
        #expect(built.headers.count == 1)
    }

    @Test func withQueryAppendsAndResolvedURLEncodesPlus() {
        let built =
            request(.get, URL(string: "http://h/todos?userId=1")!)
            |> withQuery([URLQueryItem(name: "q", value: "a+b c")])
            |> withQuery([URLQueryItem(name: "_page", value: "2")])
        #expect(built.queryItems.map(\.name) == ["q", "_page"])
        #expect(built.resolvedURL?.absoluteString == "http://h/todos?userId=1&q=a%2Bb%20c&_page=2")
    }

    @Test func jsonBodySetsContentTypeAndEncodesTheValue() throws {
        let built = try request(.post, url) |> withJSONBody(Item(id: 1, title: "x"))
        #expect(built.headers["Content-Type"] == "application/json")
        let decoded = try JSONDecoder().decode(Item.self, from: built.body ?? Data())
        #expect(decoded == Item(id: 1, title: "x"))
    }

    @Test func basicAuthEncodesUserAndPassword() {
        let built = request(.get, url) |> withBasicAuth(user: "ann", password: "pw")
        #expect(built.headers["Authorization"] == "Basic YW5uOnB3")
    }

    @Test func conditionalHeadersAreQuotedAndFormatted() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        let built = request(.get, url) |> withIfNoneMatch("abc") |> withIfModifiedSince(date)
        #expect(built.headers["If-None-Match"] == "\"abc\"")
        #expect(built.headers["If-Modified-Since"] == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect((request(.get, url) |> withIfNoneMatch("W/\"v1\"")).headers["If-None-Match"] == "W/\"v1\"")
    }

    @Test func headersAreCaseInsensitiveOrderedAndEqualIgnoringNameCase() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "Accept": "*/*"]
        headers.add(name: "Link", value: "a")
        headers.add(name: "link", value: "b")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers.values(for: "LINK") == ["a", "b"])
        #expect(headers.map(\.name) == ["Content-Type", "Accept", "Link", "link"])
        headers["CONTENT-TYPE"] = "application/json"
        #expect(headers.map(\.name).first == "CONTENT-TYPE")
        headers["link"] = nil
        #expect(!headers.contains("Link"))
        #expect(HTTPHeaders(["a": "1"]) == HTTPHeaders(["A": "1"]))
    }

    @Test func onlyPostAndPatchAreNotIdempotent() {
        #expect(HTTPMethod.allCases.filter { !$0.isIdempotent } == [.post, .patch])
    }

    @Test func endpointMakesRequestWithPathQueryBodyAndDefaults() {
        let base = URL(string: "http://127.0.0.1:3000/api/")!
        let list = ExampleEndpoint.list(base: base, page: 2).makeRequest()
        #expect(list.resolvedURL?.absoluteString == "http://127.0.0.1:3000/api/items?_page=2")
        #expect(list.method == .get)
        #expect(list.headers["Accept"] == "application/json")
        let create = ExampleEndpoint.create(base: base, json: Data("{}".utf8)).makeRequest()
        #expect(create.method == .post)
        #expect(create.body == Data("{}".utf8))
        #expect(create.headers["Content-Type"] == "application/json")
        #expect(ExampleEndpoint.item(base: base, id: 1).validation == .successCodes)
    }

    @Test func validationAcceptsItsRangesAndNotModifiedOnlyWhenAsked() {
        #expect(Validation.successCodes.accepts(204))
        #expect(!Validation.successCodes.accepts(304))
        #expect(Validation.successAndRedirectCodes.accepts(304))
        #expect(Validation.successOrNotModified.accepts(304))
        #expect(!Validation.successOrNotModified.accepts(301))
        #expect(Validation.none.accepts(503))
        #expect(Validation.customCodes([201]).accepts(201) && !Validation.customCodes([201]).accepts(200))
    }
}
