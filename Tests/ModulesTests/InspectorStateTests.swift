import Foundation
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// The request inspector as a value, and its screens drawn in memory.
@Suite("Inspector state")
@MainActor
struct InspectorStateTests {
    static func request(_ id: Int, status: Int? = 200, body: String = "[]") -> RequestEntity {
        RequestEntity(
            id: id, startedAt: Date(timeIntervalSince1970: 3_723 + Double(id)), method: "GET",
            target: "/todos?_page=\(id)&_limit=500", status: status, failure: status == nil ? "timed out" : nil,
            answer: id == 2 ? .revalidated : .fake, milliseconds: 12, bytes: body.utf8.count,
            requestHeaders: [.init("Accept", "application/json"), .init("Authorization", "Bearer ***")],
            responseHeaders: [.init("X-Total-Count", "200")], body: Data(body.utf8))
    }

    @Test func theCursorStaysOnItsRequestAsNewerOnesArrive() {
        var state = InspectorState(requests: [Self.request(2), Self.request(1)])
        state.move(to: 1)
        #expect(state.current?.id == 1)
        state.update([Self.request(4), Self.request(3), Self.request(2), Self.request(1)])
        #expect(state.cursor == 3)
        #expect(state.current?.id == 1)
        #expect(state.title == "4 requests of this run, newest first")
    }

    @Test func aDroppedRequestPutsTheCursorOnTheNewest() {
        var state = InspectorState(requests: [Self.request(1)])
        state.update([Self.request(3), Self.request(2)])
        #expect(state.current?.id == 3)
        state.update([])
        #expect(state.current == nil)
        #expect(state.cursor == 0)
    }

    @Test func aRowShowsTimeMethodTargetStatusHowMillisecondsAndBytes() {
        let utc = TimeZone(identifier: "UTC")!
        #expect(
            InspectorState.cells(Self.request(2), timeZone: utc) == [
                "01:02:05", "GET", "/todos?_page=2&_limit=500", "200", "304", "12", "2",
            ])
        #expect(InspectorState.cells(Self.request(1, status: nil), timeZone: utc)[3] == "failed")
    }

    @Test func enterShowsTheHeadersAndTheBodyAsJSON() throws {
        let context = ScreenContext(setNeedsDisplay: {})
        let screen = InspectorModule.build(
            log: FixedLog(entries: [Self.request(1, body: #"[{"id":1,"title":"walk"}]"#)]), context: context)
        let size = Size(rows: 30, cols: 100)
        let table = InMemoryTerminal(size: size)
        screen.resize(to: Rect(size: size))
        screen.draw(on: table, in: Rect(size: size), theme: .builtinDefault, tick: 0)
        let tableText = (0..<size.rows).map(table.line).joined(separator: "\n")
        #expect(tableText.contains("/todos?_page=1&_limit=500"))
        guard case .push(let detail) = screen.handle(.enter) else {
            Issue.record("Enter did not open the request")
            return
        }
        let terminal = InMemoryTerminal(size: size)
        detail.resize(to: Rect(size: size))
        detail.draw(on: terminal, in: Rect(size: size), theme: .builtinDefault, tick: 0)
        let text = (0..<size.rows).map(terminal.line).joined(separator: "\n")
        #expect(text.contains("GET /todos?_page=1&_limit=500"))
        #expect(text.contains("X-Total-Count: 200"))
        #expect(text.contains("Authorization: Bearer ***"))
        #expect(text.contains(#""title": "walk""#))
        guard case .unhandled = detail.handle(.escape) else {
            Issue.record("Esc is the router's: back to the table")
            return
        }
    }
}

extension InspectorStateTests {
    /// An old request whose body the journal no longer keeps says so, with
    /// its size, rather than "(empty)".
    @Test func aBodyNoLongerKeptSaysSoWithItsSize() throws {
        var gone = Self.request(1, body: "")
        gone.bytes = 61_234
        let screen = InspectorModule.build(log: FixedLog(entries: [gone]), context: ScreenContext(setNeedsDisplay: {}))
        let size = Size(rows: 30, cols: 100)
        screen.resize(to: Rect(size: size))
        guard case .push(let detail) = screen.handle(.enter) else {
            Issue.record("Enter did not open the request")
            return
        }
        let terminal = InMemoryTerminal(size: size)
        detail.resize(to: Rect(size: size))
        detail.draw(on: terminal, in: Rect(size: size), theme: .builtinDefault, tick: 0)
        let text = (0..<size.rows).map(terminal.line).joined(separator: "\n")
        #expect(text.contains("Body (61,234 bytes, not kept)"))
        #expect(!text.contains("(empty)"))
    }

    @Test func whileShownANewRequestUpdatesTheTableAndAsksForARedraw() async throws {
        let log = GrowingLog()
        let redraws = Counter()
        let screen = InspectorModule.build(log: log, context: ScreenContext(setNeedsDisplay: { redraws.count += 1 }))
        screen.start()
        defer { screen.stop() }
        log.add(Self.request(1))
        var waited = 0
        while redraws.count == 0, waited < 200 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(redraws.count > 0)
        #expect(screen.status.count == "1")
    }
}

@MainActor
private final class Counter {
    var count = 0
}

/// A log that grows while the screen is shown.
private final class GrowingLog: RequestLog, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [RequestEntity] = []
    private let stream: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    }

    func add(_ request: RequestEntity) {
        lock.withLock { entries.insert(request, at: 0) }
        continuation.yield(request.id)
    }

    func requests() -> [RequestEntity] { lock.withLock { entries } }
    func changes() -> AsyncStream<Int> { stream }
}

private struct FixedLog: RequestLog {
    let entries: [RequestEntity]
    func requests() -> [RequestEntity] { entries }
    func changes() -> AsyncStream<Int> { AsyncStream { $0.finish() } }
}
