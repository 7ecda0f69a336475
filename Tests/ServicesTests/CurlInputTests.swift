import Foundation
import Modules
import Services
import Testing

/// `trestle 'curl …'` and `:curl-open`: a pasted curl command read as a
/// shell would split it, every flag Trestle reads, and one line for the rest.
@Suite("curl in")
struct CurlInputTests {
    static func parse(_ text: String) throws -> CurlInput {
        do throws(CurlInput.Failure) {
            return try CurlInput.parse(text)
        } catch {
            Issue.record("\(text): \(error.message)")
            throw error
        }
    }

    static func failure(_ text: String) -> CurlInput.Failure? {
        do throws(CurlInput.Failure) {
            _ = try CurlInput.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func quotingAsAShellDoes() throws {
        #expect(
            try CurlInput.words(#"curl 'a b' "c \"d\" \$e" f\ g $'h\ti\x41\'' 'j'"k"l"#)
                == ["curl", "a b", #"c "d" $e"#, "f g", "h\tiA'", "jkl"])
        // Backslash-newline continuations, as devtools paste them (CR LF too).
        #expect(
            try CurlInput.words("curl 'http://h/x' \\\n  -H 'A: 1' \\\r\n  --compressed")
                == ["curl", "http://h/x", "-H", "A: 1", "--compressed"])
        // Nothing is expanded.
        #expect(try CurlInput.words(#"curl "$HOME" $(id)"#) == ["curl", "$HOME", "$(id)"])
    }

    @Test func unfinishedTextSaysMoreIsComing() {
        for text in ["curl 'http://h", "curl \"http://h", "curl http://h \\", "curl $'abc"] {
            #expect(Self.failure(text)?.incomplete == true, "\(text)")
        }
    }

    @Test func everyFlagTrestleReads() throws {
        let input = try Self.parse(
            """
            curl -sS -X GET -H 'Accept: application/json' --header "X-Trace: 7" -u ann:s3cret \
              -b 'sid=abc' --cookie 'theme=dark' -G -d 'userId=2' --data-urlencode 'q=a b&c' \
              -k --compressed --url 'https://api.test:8443/v1/todos?completed=false'
            """)
        #expect(input.url.absoluteString == "https://api.test:8443/v1/todos?completed=false&userId=2&q=a%20b%26c")
        #expect(
            input.headers == [
                .init("Accept", "application/json"), .init("X-Trace", "7"),
                .init("Authorization", "Basic " + Data("ann:s3cret".utf8).base64EncodedString()),
                .init("Cookie", "sid=abc; theme=dark"),
            ])
        #expect(input.insecure)
        #expect(input.baseURL == "https://api.test:8443/v1")
        #expect(input.target == ["todos?completed=false&userId=2&q=a%20b%26c"])
    }

    @Test func shortFlagsTogetherAndValuesAttached() throws {
        let input = try Self.parse("curl -sSkG -HAccept:\\ text/csv -XGET -dlimit=5 http://h/rows")
        #expect(input.insecure)
        #expect(input.headers == [.init("Accept", "text/csv")])
        #expect(input.url.absoluteString == "http://h/rows?limit=5")
    }

    @Test func theURLNamesAListOrARecord() throws {
        let cases: [(String, String, [String])] = [
            ("http://127.0.0.1:3000/todos", "http://127.0.0.1:3000", ["todos"]),
            ("http://127.0.0.1:3000/users/3", "http://127.0.0.1:3000", ["users/3"]),
            (
                "https://h/api/v2/books/9b2f3c4e-1d2a-4b5c-8d9e-0f1a2b3c4d5e", "https://h/api/v2",
                ["books/9b2f3c4e-1d2a-4b5c-8d9e-0f1a2b3c4d5e"]
            ),
            ("https://h/api/books/", "https://h/api", ["books"]),
            ("https://h/db/64b7f0c2a1b2c3d4e5f60718", "https://h", ["db/64b7f0c2a1b2c3d4e5f60718"]),
            ("https://h/", "https://h", []),
            ("h:8080/todos?userId=2", "http://h:8080", ["todos?userId=2"]),
            ("http://h/todos?userId=2&_page=1&_limit=500", "http://h", ["todos?userId=2"]),
        ]
        for (url, base, target) in cases {
            let input = try Self.parse("curl '\(url)'")
            #expect(input.baseURL == base, "\(url)")
            #expect(input.target == target, "\(url)")
        }
    }

    @Test func secretsAreShownAsStars() throws {
        let input = try Self.parse(
            "curl -H 'Authorization: Bearer tok123' -H 'X-Api-Key: k-999' -b 'sid=zzz' -u ann:pw "
                + "'https://ann:pw2@h/todos?api_key=qqq&userId=1'")
        #expect(
            input.shownHeaders == [
                .init("Authorization", "Bearer ***"), .init("X-Api-Key", "***"), .init("Cookie", "***"),
                .init("Authorization", "Basic ***"),
            ])
        #expect(input.shownURL == "https://h/todos?api_key=***&userId=1")
        // The secret query item is a credential, not a filter on the screen.
        #expect(input.target == ["todos?userId=1"])
        #expect(input.secretQueryItems == [URLQueryItem(name: "api_key", value: "qqq")])
    }

    @Test func userInTheURLIsTheUserFlag() throws {
        let input = try Self.parse("curl https://ann:pw@h/x")
        #expect(input.url.absoluteString == "https://h/x")
        #expect(input.headers == [.init("Authorization", "Basic " + Data("ann:pw".utf8).base64EncodedString())])
    }

    @Test func splitWordsReadAsTheWhole() throws {
        let words = ["curl", "-H", "Accept: text/plain", "http://h/todos/1"]
        let fromWords = try CurlInput.parse(words: words)
        #expect(fromWords == (try Self.parse("curl -H 'Accept: text/plain' http://h/todos/1")))
    }

    @Test func anythingElseIsOneLineNamingIt() {
        let cases: [(String, String)] = [
            ("curl -L http://h/x", "-L"),
            ("curl --location http://h/x", "--location"),
            ("curl -sSL http://h/x", "-L"),
            ("curl -X POST http://h/x", "POST"),
            ("curl -d a=1 http://h/x", "-G"),
            ("curl --data-raw '{}' http://h/x", "--data-raw"),
            ("curl -b cookies.txt http://h/x", "cookies.txt"),
            ("curl -u ann http://h/x", "-u"),
            ("curl -G -d @q.txt http://h/x", "-d"),
            ("curl -H 'NoColon' http://h/x", "NoColon"),
            ("curl http://h/a http://h/b", "http://h/b"),
            ("curl -H", "-H"),
            ("curl ftp://h/x", "ftp://h/x"),
            ("wget http://h/x", "curl"),
        ]
        for (text, named) in cases {
            let failure = Self.failure(text)
            #expect(failure != nil && failure?.incomplete == false, "\(text)")
            #expect(failure?.message.contains(named) == true, "\(text): \(failure?.message ?? "")")
            #expect(failure?.message.contains("\n") == false)
        }
        #expect(Self.failure("curl")?.message.contains("URL") == true)
    }

    @Test func isCurlLooksAtTheFirstWord() {
        #expect(CurlInput.isCurl("curl http://h"))
        #expect(CurlInput.isCurl("  curl\\\n http://h"))
        #expect(!CurlInput.isCurl("curling/3"))
        #expect(!CurlInput.isCurl("todos"))
    }

    @Test func bounded() {
        let long = "curl " + String(repeating: "-k ", count: 500) + "http://h/x"
        #expect(Self.failure(long) != nil)
        let huge = "curl 'http://h/x" + String(repeating: "a", count: 70_000) + "'"
        #expect(Self.failure(huge) != nil)
    }

    /// `:curl`'s text of what a pasted command opens reads back as the same request, secrets as `***`.
    @Test func curlTextReadsBack() throws {
        let input = try Self.parse(
            "curl -k -H 'X-Trace: 7' -H 'Authorization: Bearer tok123' 'http://127.0.0.1:9/todos?userId=2'")
        var text = RequestText(
            method: "GET", url: input.url.absoluteString,
            headers: input.shownHeaders.map { RequestText.Header($0.name, $0.value) })
        text.insecure = true
        let again = try Self.parse(CurlCommand.render(text))
        #expect(again == input.shown)
    }
}
