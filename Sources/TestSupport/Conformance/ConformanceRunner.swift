import Foundation
import JSON

/// Runs ``ConformanceCase``s over any transport and lists what differed.
public enum ConformanceRunner {
    /// Sends every step through `send` and returns one message per mismatch
    /// (empty when the case passes). `base` replaces `{base}` in expected headers.
    public static func run(
        _ testCase: ConformanceCase, base: String,
        send: (_ method: String, _ target: String, _ headers: [String: String], _ body: Data?) async throws
            -> ConformanceResponse
    ) async rethrows -> [String] {
        var failures: [String] = []
        var etags: [String?] = []
        for (number, step) in testCase.steps.enumerated() {
            var headers = step.headers
            if let source = step.ifNoneMatchOfStep {
                headers["If-None-Match"] =
                    etags.indices.contains(source - 1) ? etags[source - 1] ?? "\"none\"" : "\"none\""
            }
            let response = try await send(step.method, step.target, headers, step.body.map { Data($0.utf8) })
            etags.append(response.headers["etag"])
            let label = "step \(number + 1) \(step.method) \(step.target)"
            failures += check(response, against: step.expect, base: base).map { "\(label): \($0)" }
        }
        return failures
    }

    /// Compares one answer with its expectation.
    public static func check(_ response: ConformanceResponse, against expect: ConformanceCase.Expectation, base: String)
        -> [String]
    {
        var failures: [String] = []
        if response.status != expect.status { failures.append("status \(response.status), expected \(expect.status)") }
        for (name, value) in expect.headers {
            let wanted = value.replacingOccurrences(of: "{base}", with: base)
            let got = response.headers[name.lowercased()]
            if got != wanted { failures.append("header \(name) = \(got ?? "nil"), expected \(wanted)") }
        }
        for name in expect.absent where response.headers[name.lowercased()] != nil {
            failures.append("header \(name) should be absent")
        }
        if expect.emptyBody && !response.body.isEmpty { failures.append("body should be empty") }
        let text = String(decoding: response.body, as: UTF8.self)
        if let needle = expect.bodyContains, !text.contains(needle) {
            failures.append("body does not contain \(needle): \(text.prefix(200))")
        }
        guard expect.ids != nil || !expect.fields.isEmpty || expect.json != nil else { return failures }
        guard let json = try? JSONParser.parse(response.body) else {
            return failures + ["body is not JSON: \(text.prefix(200))"]
        }
        if let wanted = expect.json, json != wanted { failures.append("body \(json), expected \(wanted)") }
        if let wanted = expect.ids {
            let got: [Int?] = json.arrayValue.map { $0.map { $0["id"]?.intValue } } ?? [json["id"]?.intValue]
            if got != wanted.map(Optional.some) {
                failures.append("ids \(got.map { $0.map(String.init) ?? "-" }), expected \(wanted)")
            }
        }
        for (path, value) in expect.fields where json.value(atPath: path) != value {
            failures.append("\(path) = \(json.value(atPath: path).map(\.description) ?? "missing"), expected \(value)")
        }
        return failures
    }
}
