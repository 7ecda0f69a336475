import Foundation
import Synchronization
import TerminalUI
import Translations

/// What `trestle snapshot` shows on stderr while it walks: a line per
/// collection once it is finished (records, requests, time) and, on a
/// terminal, below them a bar per collection under way (records so far of
/// those wanted, when the service said its total), redrawn in place with
/// ANSI controls. In a pipe only the finished lines come, one each. Every
/// line goes through ``OutputSink`` (a collection's name is the server's
/// text); the cursor moves are its ``OutputSink/Control``s.
final class SnapshotProgress: Sendable {
    /// One collection as seen so far.
    struct Collection: Sendable {
        var name: String
        var records = 0
        var total: Int?
        var requests = 0
        var started: ContinuousClock.Instant?
        var finished = false
    }

    private struct State {
        var collections: [Collection]
        /// Bar lines on the screen below the finished lines.
        var drawn = 0
        var lastDraw: ContinuousClock.Instant?
    }

    /// Bars shown at most; the rest are counted in one line.
    static let mostBars = 8
    static let barWidth = 24

    let limit: Int?
    let terminal: Bool
    private let sink: OutputSink
    private let state: Mutex<State>

    /// - Parameters:
    ///   - terminal: draw bars (stderr is a terminal); else only the finished lines.
    ///   - sink: where the text goes (stderr).
    init(names: [String], limit: Int?, terminal: Bool, sink: OutputSink = .standardError) {
        self.limit = limit
        self.terminal = terminal
        self.sink = sink
        state = Mutex(State(collections: names.map { Collection(name: $0) }))
    }

    /// Whether stderr is a terminal.
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// A request for `name` is about to go out.
    func asking(_ name: String) {
        update(name, redraw: false) { collection in
            collection.requests += 1
            if collection.started == nil { collection.started = .now }
        }
    }

    /// A page of `name` came, from the service (`asked`) or from a stopped run's progress.
    func page(_ name: String, items: Int, total: Int?, asked: Bool) {
        update(name, redraw: true) { collection in
            collection.records += items
            if let total { collection.total = total }
            if collection.started == nil { collection.started = .now }
        }
    }

    /// `collected` is walked: its line, above the bars.
    func finished(_ collected: SnapshotWalker.Collected) {
        let line = state.withLock { state -> String in
            guard let index = state.collections.firstIndex(where: { $0.name == collected.name }) else { return "" }
            state.collections[index].finished = true
            return Self.line(collected, state.collections[index])
        }
        say(line)
    }

    /// A line above the bars (a wait, a failure, a finished collection).
    func say(_ line: String) {
        state.withLock { state in
            erase(&state)
            var text = line + "\n"
            if terminal { text += bars(&state) }
            sink.write(text)
        }
    }

    /// Takes the bars off the screen (before the summary, or when stopped).
    func end() {
        state.withLock { state in
            erase(&state)
        }
    }

    private func update(_ name: String, redraw: Bool, _ change: (inout Collection) -> Void) {
        state.withLock { state in
            guard let index = state.collections.firstIndex(where: { $0.name == name }) else { return }
            change(&state.collections[index])
            guard terminal, redraw else { return }
            // At most ten redraws a second: a fast service sends pages faster than a terminal shows them.
            let now = ContinuousClock.now
            if let last = state.lastDraw, now - last < .milliseconds(100) { return }
            state.lastDraw = now
            erase(&state)
            sink.write(bars(&state))
        }
    }

    /// Moves up over the bars drawn and clears to the end of the screen.
    private func erase(_ state: inout State) {
        guard state.drawn > 0 else { return }
        sink.control(.eraseUp(lines: state.drawn))
        state.drawn = 0
    }

    /// The bars of the collections under way, and how many are drawn.
    private func bars(_ state: inout State) -> String {
        let running = state.collections.filter { $0.started != nil && !$0.finished }
        var lines = running.prefix(Self.mostBars).map { bar($0, nameWidth: running.map(\.name.count).max() ?? 0) }
        if running.count > Self.mostBars {
            lines.append(Texts.Snapshot.moreCollections(count: SnapshotReport.grouped(running.count - Self.mostBars)))
        }
        state.drawn = lines.count
        return lines.map { $0 + "\n" }.joined()
    }

    /// `posts  ██████████░░░░░░░░░░░░░░  1,200 of 6,000 records`.
    private func bar(_ collection: Collection, nameWidth: Int) -> String {
        let name = collection.name.padding(toLength: max(nameWidth, collection.name.count), withPad: " ", startingAt: 0)
        let records = SnapshotReport.grouped(collection.records)
        guard let total = collection.total.map({ min($0, limit ?? $0) }), total > 0 else {
            return "\(name)  " + Texts.Snapshot.recordsSoFar(records: records)
        }
        let filled = min(Self.barWidth, collection.records * Self.barWidth / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: Self.barWidth - filled)
        return "\(name)  \(bar)  " + Texts.Snapshot.recordsOf(records: records, total: SnapshotReport.grouped(total))
    }

    /// `posts: 1,000 of 6,000 records, 10 requests, 0.4 s`, or the failure.
    static func line(_ collected: SnapshotWalker.Collected, _ seen: Collection) -> String {
        let name = collected.name
        if let failure = collected.failure {
            return Texts.Snapshot.notRead(name: name, reason: failure.message)
        }
        let requests = Texts.Snapshot.requestCount(count: seen.requests)
        let seconds = String(format: "%.1f", seen.started.map { (ContinuousClock.now - $0).seconds } ?? 0)
        if collected.object != nil {
            return Texts.Snapshot.objectDone(name: name, requests: requests, seconds: seconds)
        }
        if let total = collected.total, total != collected.count {
            return Texts.Snapshot.collectionOfDone(
                name: name, records: SnapshotReport.grouped(collected.count),
                total: SnapshotReport.grouped(total), requests: requests, seconds: seconds)
        }
        return Texts.Snapshot.collectionDone(
            name: name, records: Texts.Snapshot.recordCount(count: collected.count), requests: requests,
            seconds: seconds)
    }
}
