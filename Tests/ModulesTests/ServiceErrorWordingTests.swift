import Modules
import Networking
import Services
import Testing
import Translations

/// The service layer's errors carry data; these are the words `Modules`
/// gives them — the lines Services itself wrote before it stopped knowing
/// words, in both languages.
@Suite struct ServiceErrorWordingTests {
    static let english: [(ServiceError, String)] = [
        (ServiceError(.configuration, "Trestle cannot send TRACE requests"), "Trestle cannot send TRACE requests"),
        (
            ServiceError(.offline, .network(.cannotConnect(host: "127.0.0.1:9"), advice: nil)),
            "Cannot connect to 127.0.0.1:9 — is the server running?"
        ),
        (
            ServiceError(.offline, .network(.cannotConnect(host: "127.0.0.1:9"), advice: "start `trestle serve`")),
            "Cannot connect to 127.0.0.1:9 — start `trestle serve`"
        ),
        (
            ServiceError(.server(status: 401), .network(.status(code: 401, excerpt: ""), advice: "it asks for bearer")),
            "Server answered 401 Unauthorized — it asks for bearer"
        ),
        (ServiceError(.configuration, .notACollection(name: "tod os")), "'tod os' is not a collection name"),
        (
            ServiceError(.configuration, .operationsNotHere),
            "This service runs no operations of an OpenAPI document (the fake environment answers in process)"
        ),
        (ServiceError(.other, .isDirectory(path: "/tmp")), "/tmp is a directory; name a file"),
        (ServiceError(.other, .noFolder(path: "/no/x.json", folder: "/no")), "cannot write /no/x.json: no folder /no"),
        (
            ServiceError(.other, .cannotWrite(path: "/r/x.json", reason: "Permission denied")),
            "cannot write /r/x.json: Permission denied"
        ),
    ]

    @Test(arguments: english)
    func eachReasonIsTheLineItWasBefore(error: ServiceError, expected: String) {
        Language.$override.withValue(.en) {
            #expect(error.message == expected)
            #expect("\(error)" == expected)
        }
    }

    @Test func aHintReachesTheLineThroughTheData() {
        let error = ErrorHint.whenUnreachable("start `trestle serve`").apply(to: .cannotConnect(host: "h:1"))
        #expect(error.kind == .offline)
        #expect(error.reason == .network(.cannotConnect(host: "h:1"), advice: "start `trestle serve`"))
        Language.$override.withValue(.en) { #expect(error.message == "Cannot connect to h:1 — start `trestle serve`") }
        Language.$override.withValue(.de) {
            #expect(error.message == "Keine Verbindung zu h:1 – start `trestle serve`")
        }
    }

    @Test func germanLines() {
        Language.$override.withValue(.de) {
            #expect(
                ServiceError(.other, .isDirectory(path: "/tmp")).message
                    == "/tmp ist ein Ordner; bitte eine Datei angeben")
            #expect(ServiceError(.configuration, .notACollection(name: "x")).message == "„x“ ist kein Sammlungsname")
            #expect(ServiceError(.other, .cannotWrite(path: "/a", reason: "r")).message == "/a nicht schreibbar: r")
        }
    }

    @Test func shortReasonsForTightPlaces() {
        Language.$override.withValue(.en) {
            #expect(
                ServiceError(.offline, .network(.cannotConnect(host: "h"), advice: nil)).shortReason
                    == "server unreachable")
            #expect(ServiceError(.server(status: 503), "x").shortReason == "server answered 503")
            #expect(ServiceError(.timeout, "x").shortReason == "timed out")
            #expect(ServiceError(.other, "as it was said").shortReason == "as it was said")
        }
        Language.$override.withValue(.de) {
            #expect(ServiceError(.offline, "x").shortReason == "Server nicht erreichbar")
        }
    }

    @Test func aFilterTheServerIgnoredIsUnexpectedData() {
        let error = NetworkError.ignoredFilter(filter: "publisher__ne=4", id: "4", field: "publisher", value: "4")
        Language.$override.withValue(.en) {
            #expect(
                error.userMessage
                    == "Unexpected data: the server ignores the filter publisher__ne=4 (record 4 has publisher 4)")
            #expect(ErrorHint.none.apply(to: error).kind == .badData)
        }
        Language.$override.withValue(.de) {
            #expect(
                error.userMessage
                    == "Unerwartete Daten: der Server ignoriert den Filter publisher__ne=4 (Datensatz 4 hat publisher 4)"
            )
        }
    }
}
