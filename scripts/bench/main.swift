// Micro-benchmark of JSONServerCore, compiled by scripts/bench-core.sh together
// with the module's sources (no package product needed).
import Foundation

@discardableResult
func measure(_ label: String, repeat count: Int = 1, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<max(count, 1) {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    print(String(format: "%@ %10.3f ms", label.padding(toLength: 56, withPad: " ", startingAt: 0), best * 1000))
    return best
}

let arguments = CommandLine.arguments
let bigPath = arguments.count > 1 ? arguments[1] : "/tmp/todos-1m.json"
let samplePath = arguments.count > 2 ? arguments[2] : "sample-data/db.json"

let big = try Data(contentsOf: URL(fileURLWithPath: bigPath))
var kept: [JSONValue] = []  // keep every result so freeing the previous tree is not timed
let parseSeconds = try measure("parse \(big.count / 1_000_000) MB (\(bigPath))", repeat: 3) {
    kept.append(try JSONParser.parse(big))
}
let parsed = kept[0]
kept.removeAll()
print("  items:", parsed["todos"]?.arrayValue?.count ?? parsed.arrayValue?.count ?? 0,
      String(format: "  → %.0f MB/s", Double(big.count) / 1e6 / parseSeconds))
measure("write compact", repeat: 2) { _ = JSONWriter.data(parsed) }
measure("write pretty", repeat: 2) { _ = JSONWriter.data(parsed, pretty: true) }
let bigDB = try JSONDatabase(data: big)
var bigRouter = JSONServerRouter(database: bigDB)
var bigRequests = 0  // a distinct base URL per request: measure the query, not the answer cache
measure("1M: GET /todos?q=buy&_page=1&_limit=20", repeat: 3) {
    bigRequests += 1
    _ = bigRouter.handle(EngineRequest(method: "GET", target: "/todos?q=buy&_page=1&_limit=20", baseURL: "http://h:\(bigRequests)"))
}
measure("1M: GET /todos?userId=7&_page=2", repeat: 3) {
    bigRequests += 1
    _ = bigRouter.handle(EngineRequest(method: "GET", target: "/todos?userId=7&_page=2", baseURL: "http://h:\(bigRequests)"))
}
measure("1M: GET /todos?_sort=title&_page=1", repeat: 1) {
    bigRequests += 1
    _ = bigRouter.handle(EngineRequest(method: "GET", target: "/todos?_sort=title&_page=1", baseURL: "http://h:\(bigRequests)"))
}

let sample = try JSONDatabase(data: Data(contentsOf: URL(fileURLWithPath: samplePath)))
var router = JSONServerRouter(database: sample)
let iterations = 100_000
for target in ["/todos?_page=3&_limit=20", "/todos/17", "/todos?userId=3", "/posts/3?_embed=comments"] {
    for cached in [false, true] {
        _ = router.handle(EngineRequest(method: "GET", target: target))  // warm the item cache
        let start = DispatchTime.now().uptimeNanoseconds
        for page in 0..<iterations {
            // A distinct base URL per request defeats the answer cache (its key includes it).
            let base = cached ? "http://localhost:3000" : "http://localhost:\(page)"
            let request = EngineRequest(
                method: "GET", target: target.replacingOccurrences(of: "_page=3", with: "_page=\(page % 10 + 1)"),
                baseURL: base)
            _ = router.handle(request)
        }
        let micros = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(iterations)
        let label = "engine GET \(target) (\(cached ? "cached" : "uncached"))"
        print(String(format: "%@ %10.2f µs/request", label.padding(toLength: 56, withPad: " ", startingAt: 0), micros))
    }
}
var photoRequests = 0
measure("engine GET /photos (5,000 items, ~1 MB, uncached)", repeat: 20) {
    photoRequests += 1
    _ = router.handle(EngineRequest(method: "GET", target: "/photos", baseURL: "http://h:\(photoRequests)"))
}
