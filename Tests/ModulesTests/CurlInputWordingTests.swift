import Modules
import Services
import Testing
import Translations

/// A curl command that cannot be opened says why as data; these are its
/// words, as `CurlInput` said them before.
@Suite struct CurlInputWordingTests {
    typealias Problem = CurlInput.Failure.Problem

    static let english: [(Problem, String)] = [
        (.notCurl, "not a curl command: it must start with curl"),
        (.tooLong, "the curl command is too long (at most 64 KiB, 400 words)"),
        (.needsValue(flag: "-H"), "curl flag -H needs a value"),
        (
            .unknownFlag(flag: "-F"),
            "curl flag -F is not read by Trestle (it reads -H, -u, -b, -X GET, -G with -d/--data-urlencode, -k, --compressed, --url)"
        ),
        (.cookieFile(file: "jar.txt"), "-b jar.txt names a cookie file: give the cookies as -b 'name=value'"),
        (.onlyGet(method: "POST"), "-X POST: Trestle opens GET requests only"),
        (.dataFile(flag: "-d"), "-d reads a file: give the data itself"),
        (.badHeader(header: "Accept"), "-H 'Accept' is not a header (Name: value)"),
        (.userWithoutPassword, "-u needs user:password (Trestle does not ask for the password)"),
        (.noURL, "the curl command names no URL"),
        (.twoURLs(second: "http://b"), "the curl command names more than one URL (also http://b)"),
        (
            .dataWithoutGet(flag: "-d"),
            "-d without -G sends a POST body: Trestle opens GET requests only (add -G to make it the query)"
        ),
        (.badURL(url: "ftp://x"), "'ftp://x' is not an http:// or https:// URL"),
        (.unfinished, "the curl command ends inside quotes or after a backslash"),
    ]

    @Test(arguments: english)
    func eachProblemIsTheLineItWasBefore(problem: Problem, expected: String) {
        Language.$override.withValue(.en) {
            #expect(problem.message == expected)
            #expect(CurlInput.Failure(problem).message == expected)
        }
    }

    @Test func theParserGivesTheProblemAndModulesTheWords() throws {
        do throws(CurlInput.Failure) {
            _ = try CurlInput.parse("curl -X POST http://127.0.0.1:3000/todos")
            Issue.record("a POST was opened")
        } catch {
            #expect(error.problem == .onlyGet(method: "POST"))
            Language.$override.withValue(.de) { #expect(error.message == "-X POST: Trestle öffnet nur GET-Anfragen") }
        }
    }
}
