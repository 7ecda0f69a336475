import Foundation
import Networking
import Testing

@Suite struct ParsingTests {
    // MARK: - Paging

    @Test func linkHeaderYieldsEveryRelationDespiteSpacingAndQuoting() {
        let header =
            #"<http://h/todos?_page=1>; rel="first",<http://h/todos?_page=3> ;rel=next, "#
            + #"<http://h/todos?_page=1>; REL='prev' , <http://h/todos?_page=20>; title="x"; rel="last""#
        let links = PageInfo.parseLinks(header)
        #expect(links["first"]?.absoluteString == "http://h/todos?_page=1")
        #expect(links["next"]?.absoluteString == "http://h/todos?_page=3")
        #expect(links["prev"]?.absoluteString == "http://h/todos?_page=1")
        #expect(links["last"]?.absoluteString == "http://h/todos?_page=20")
    }

    @Test func aLinkWithoutAngleBracketsIsReadUpToItsParameters() {
        let header = #"http://h/library.json; rel="alternate"; type="application/json+datasette""#
        #expect(PageInfo.parseLinks(header)["alternate"]?.absoluteString == "http://h/library.json")
        #expect(PageInfo.parseLinks("not a url; rel=next").isEmpty)
        #expect(PageInfo.parseLinks(String(repeating: "a", count: 3000) + "; rel=next").isEmpty)
    }

    @Test func aValidationAlsoAcceptsOneStatusMore() {
        #expect(Validation.successCodes.alsoAccepting(406).accepts(406))
        #expect(Validation.successCodes.alsoAccepting(406).accepts(200))
        #expect(!Validation.successCodes.alsoAccepting(406).accepts(404))
        #expect(Validation.successOrNotModified.alsoAccepting(406).accepts(304))
    }

    @Test func relativeLinksResolveAgainstTheResponseURL() {
        let info = PageInfo(
            headers: ["Link": "</todos?_page=2>; rel=\"next\""], baseURL: URL(string: "http://h:3000/todos"))
        #expect(info.next?.absoluteString == "http://h:3000/todos?_page=2")
        #expect(info.hasNext == true)
    }

    @Test func totalCountIsReadAndAbsenceMeansUnknown() {
        let known = PageInfo(headers: ["x-total-count": " 200 "])
        #expect(known.totalCount == 200)
        #expect(known.totalDescription == "200 items")
        let unknown = PageInfo(headers: ["X-Total-Count": "lots"])
        #expect(unknown.totalCount == nil)
        #expect(unknown.totalDescription == "unknown total")
        #expect(unknown.hasNext == nil)
        #expect(PageInfo(headers: ["Link": "<http://h/1>; rel=\"prev\""]).hasNext == false)
    }

    // MARK: - Dates

    static let rfc1123 = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "06 Nov 1994 09:49:37 +0100",
        "Sun, 06 Nov 1994 03:49:37 EST",
    ])
    func httpDateParsesEveryAllowedForm(_ text: String) {
        #expect(HTTPDate.parse(text) == Self.rfc1123)
    }

    @Test(arguments: ["", "yesterday", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT"])
    func httpDateRejectsNonsense(_ text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func httpDateFormatsRFC1123AndRoundTrips() {
        #expect(HTTPDate.format(Self.rfc1123) == "Sun, 06 Nov 1994 08:49:37 GMT")
        for seconds in [0, 951_782_400, 1_709_208_000, 4_102_444_799] {  // 1970, leap days, 2099
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(HTTPDate.parse(HTTPDate.format(date)) == date)
        }
    }

    @Test func rfc3339ParsesFractionsAndOffsets() {
        let base = Date(timeIntervalSince1970: 1_714_566_896)  // 2024-05-01T12:34:56Z
        #expect(RFC3339.parse("2024-05-01T12:34:56Z") == base)
        #expect(RFC3339.parse("2024-05-01t12:34:56z") == base)
        #expect(RFC3339.parse("2024-05-01T14:34:56+02:00") == base)
        #expect(RFC3339.parse("2024-05-01T07:34:56.250-05:00") == base.addingTimeInterval(0.25))
        #expect(RFC3339.parse("2024-05-01T12:34:56") == nil)
        #expect(RFC3339.parse("2024-13-01T12:34:56Z") == nil)
    }

    @Test func rfc3339RoundTripsWithAndWithoutFractions() {
        let date = Date(timeIntervalSince1970: 1_714_566_896.125)
        #expect(RFC3339.format(date, fractionalSeconds: true) == "2024-05-01T12:34:56.125Z")
        #expect(RFC3339.format(date) == "2024-05-01T12:34:56Z")
        #expect(RFC3339.parse(RFC3339.format(date, fractionalSeconds: true)) == date)
    }

    // MARK: - ETags

    @Test func etagParsesWeakAndStrongTags() {
        #expect(ETag(parsing: "\"abc\"") == ETag(strong: "abc"))
        #expect(ETag(parsing: " W/\"abc\" ") == ETag(weak: "abc"))
        #expect(ETag(parsing: "W/abc") == nil)
        #expect(ETag(parsing: "\"unterminated") == nil)
        #expect(ETag(weak: "v1").headerValue == "W/\"v1\"")
    }

    @Test func ifNoneMatchUsesWeakComparison() {
        let tag = ETag(strong: "v2")
        #expect(tag.matches(ifNoneMatch: "W/\"v1\", W/\"v2\""))
        #expect(tag.matches(ifNoneMatch: "*"))
        #expect(!tag.matches(ifNoneMatch: "\"v1\""))
        #expect(!ETag(weak: "v2").stronglyMatches(tag))
        #expect(ETag(weak: "v2").weaklyMatches(tag))
    }
}
