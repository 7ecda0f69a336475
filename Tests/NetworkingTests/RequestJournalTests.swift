import Foundation
import Networking
import TestSupport
import Testing

@Suite struct RequestJournalTests {
    static let base = URL(string: "http://127.0.0.1:3000/todos")!

    static func entry(_ number: Int, body: Data = Data()) -> RequestJournal.Entry {
        RequestJournal.Entry(
            startedAt: Date(timeIntervalSince1970: Double(number)), method: "GET", url: base,
            queryItems: [URLQueryItem(name: "n", value: "\(number)")], status: 200, answer: .network,
            duration: .milliseconds(number), responseBytes: body.count, body: body)
    }

    @Test func keepsTheLastRequestsNewestFirst() {
        let journal = RequestJournal(capacity: 3)
        for number in 1...5 { journal.append(Self.entry(number)) }
        let kept = journal.entries()
        #expect(kept.map(\.target) == ["/todos?n=5", "/todos?n=4", "/todos?n=3"])
        #expect(kept.map(\.sequence) == [5, 4, 3])
        #expect(journal.revision == 5)
    }

    @Test func holdsFiveHundredByDefault() {
        let journal = RequestJournal()
        for number in 1...520 { journal.append(Self.entry(number)) }
        let kept = journal.entries()
        #expect(kept.count == 500)
        #expect(kept.first?.sequence == 520)
        #expect(kept.last?.sequence == 21)
    }

    @Test func cutsTheBodyAtTheCapButCountsAllOfIt() {
        let journal = RequestJournal(bodyCap: 64 * 1024)
        journal.append(Self.entry(1, body: Data(repeating: 0x61, count: 100_000)))
        journal.append(Self.entry(2, body: Data("[]".utf8)))
        let kept = journal.entries()
        #expect(kept[1].body.count == 64 * 1024)
        #expect(kept[1].responseBytes == 100_000)
        #expect(kept[1].isBodyCut)
        #expect(kept[0].body == Data("[]".utf8))
        #expect(!kept[0].isBodyCut)
    }

    /// Bodies are kept up to a budget for all entries together: the oldest
    /// give theirs up first, and keep their size, status and headers (a long
    /// session of 60 KB pages grew by 30 MB of them).
    @Test func keepsBodiesUpToABudgetNewestFirst() {
        let journal = RequestJournal(capacity: 10, bodyCap: 64 * 1024, bodyBudget: 150_000)
        let page = Data(repeating: 0x61, count: 60_000)
        for number in 1...14 { journal.append(Self.entry(number, body: page)) }
        let kept = journal.entries()
        #expect(kept.count == 10)
        #expect(kept.map { $0.body.count } == [60_000, 60_000, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(kept.allSatisfy { $0.responseBytes == 60_000 && $0.status == 200 })
        #expect(kept[2].isBodyCut)
        // Bodies are counted as kept (cut at the cap).
        journal.append(Self.entry(15, body: Data(repeating: 0x62, count: 200_000)))
        #expect(journal.entries().map { $0.body.count }.prefix(3) == [64 * 1024, 60_000, 0])
        // One body over the budget alone is still kept while it is the newest.
        let small = RequestJournal(capacity: 10, bodyCap: 64 * 1024, bodyBudget: 10_000)
        small.append(Self.entry(1, body: page))
        small.append(Self.entry(2, body: page))
        #expect(small.entries().map { $0.body.count } == [60_000, 0])
    }

    /// The app's journal keeps 1 MiB of bodies: the newest 17 pages of 60 KB
    /// (a long session stays within 10 % of its first minute, issue 42).
    @Test func theDefaultJournalKeepsAMebibyteOfBodies() {
        let journal = RequestJournal()
        let page = Data(repeating: 0x61, count: 60_000)
        for number in 1...100 { journal.append(Self.entry(number, body: page)) }
        let kept = journal.entries().map(\.body.count)
        #expect(kept.count == 100)
        #expect(kept.reduce(0, +) <= 1 << 20)
        #expect(kept.prefix(17).allSatisfy { $0 == 60_000 })
        #expect(kept.dropFirst(17).allSatisfy { $0 == 0 })
    }

    @Test func theMiddlewareRecordsRedactedHeadersStatusAndHow() async throws {
        let journal = RequestJournal()
        let client = NetworkClient(
            client: StubHTTPClient { request in
                let status = request.headers["If-None-Match"] == nil ? 200 : 304
                return Response(
                    status: status,
                    headers: ["X-Total-Count": "2", "Set-Cookie": "session=abc123"],
                    body: status == 200 ? Data(#"[{"id":1},{"id":2}]"#.utf8) : Data(), url: request.url)
            },
            middleware: [JournalMiddleware(journal: journal, transport: .fake)], retry: .never)
        let get =
            request(.get, Self.base)
            |> withQuery([URLQueryItem(name: "_page", value: "1"), URLQueryItem(name: "token", value: "t0ps3cret")])
            |> withBearer("s3cret-token") |> withHeader("Cookie", "session=abc123")
        _ = try await client.send(get)
        _ = try await client.send(
            get |> withHeader("If-None-Match", "W/\"1\""), validation: .successOrNotModified)
        let kept = journal.entries()
        #expect(kept.count == 2)
        let first = try #require(kept.last)
        #expect(first.method == "GET")
        #expect(first.status == 200)
        #expect(first.answer == .fake)
        #expect(first.responseBytes == 19)
        #expect(first.target == "/todos?_page=1&token=***")
        let request = Dictionary(first.requestHeaders.map { ($0.name, $0.value) }) { $1 }
        #expect(request["Authorization"] == "Bearer ***")
        #expect(request["Cookie"] == "***")
        let response = Dictionary(first.responseHeaders.map { ($0.name, $0.value) }) { $1 }
        #expect(response["Set-Cookie"] == "***")
        #expect(response["X-Total-Count"] == "2")
        let everything = "\(kept)"
        #expect(!everything.contains("s3cret") && !everything.contains("abc123") && !everything.contains("t0ps3cret"))
        #expect(kept.first?.status == 304)
        #expect(kept.first?.answer == .revalidated)
    }

    @Test func aFailureIsRecordedWithoutAStatus() async throws {
        let journal = RequestJournal()
        let client = NetworkClient(
            client: StubHTTPClient { _ throws(NetworkError) in throw .cancelled },
            middleware: [JournalMiddleware(journal: journal)], retry: .never)
        _ = try? await client.send(request(.delete, Self.base.appendingPathComponent("3")))
        let entry = try #require(journal.entries().first)
        #expect(entry.status == nil)
        #expect(entry.failure == .cancelled)
        #expect(entry.method == "DELETE")
        #expect(entry.target == "/todos/3")
    }

    @Test func observersHearOfEveryAppend() async {
        let journal = RequestJournal()
        var updates = journal.updates().makeAsyncIterator()
        #expect(await updates.next() == 0)
        journal.append(Self.entry(1))
        #expect(await updates.next() == 1)
    }
}
