import Foundation
import OpenAPIServices
import Synchronization
import Translations

/// The reading of the service's OpenAPI document as the start screens see
/// it: how far it has come (a line for the status line), the catalog of
/// its first collections before the rest is decoded, and whether it is
/// still under way (Esc stops it then).
///
/// The reading runs on the cooperative pool and tells this relay; the
/// screens listen on the main actor once they exist (what came before is
/// told at once: the latest progress and the first collections).
final class DocumentReading: Sendable {
    /// What the reading tells.
    enum Event: Sendable {
        /// How far it has come, in the status line's words.
        case progress(String)
        /// The configuration with the catalog of the first collections.
        case first(OpenAPIStage.Applied)
        /// The reading ended (read, failed or stopped): its progress line goes.
        case finished
    }

    private struct State {
        var listener: (@Sendable (Event) -> Void)?
        var progress: String?
        var first: OpenAPIStage.Applied?
        var isDone = false
    }

    private let state = Mutex(State())
    /// Progress is told at most this often (a frame's worth of figures).
    private static let interval: Duration = .milliseconds(100)
    /// A reading shorter than this shows no progress (nor takes Esc).
    private static let quiet: Duration = .milliseconds(400)
    /// When the reading began, and when progress was last told.
    private let clock = Mutex<(began: ContinuousClock.Instant?, told: ContinuousClock.Instant?)>((nil, nil))

    /// Whether a document is being read and its progress is on the status line (Esc stops it then).
    var isActive: Bool { state.withLock { $0.progress != nil && !$0.isDone } }
    /// Whether the reading ended.
    var isDone: Bool { state.withLock { $0.isDone } }

    /// The reading ended (read, failed or stopped): no more progress.
    func finish() {
        let listener = state.withLock { state in
            state.isDone = true
            return state.listener
        }
        listener?(.finished)
    }

    /// Calls `listener` with what the reading tells, first with what it told so far.
    func listen(_ listener: @escaping @Sendable (Event) -> Void) {
        let (progress, first) = state.withLock { state in
            state.listener = listener
            return (state.progress, state.first)
        }
        if let first { listener(.first(first)) }
        if let progress { listener(.progress(progress)) }
    }

    /// Records `event` and tells the listener (the reading's observer; tests).
    func tell(_ event: Event) {
        let listener = state.withLock { state -> (@Sendable (Event) -> Void)? in
            guard !state.isDone else { return nil }
            switch event {
            case .progress(let line): state.progress = line
            case .first(let applied): state.first = applied
            case .finished: break
            }
            return state.listener
        }
        listener?(event)
    }

    /// The observer a reading tells: progress as a line (at most every
    /// ``interval``, and the last), the first collections through `apply`.
    func observer(_ apply: @escaping @Sendable (OpenAPIDescription) -> OpenAPIStage.Applied) -> OpenAPIReadObserver {
        OpenAPIReadObserver(
            progress: { [self] progress in
                let now = ContinuousClock.now
                let due = clock.withLock { clock in
                    let began = clock.began ?? now
                    clock.began = began
                    let last = progress.paths == progress.totalPaths
                    guard now - began >= Self.quiet, last || clock.told.map({ now - $0 >= Self.interval }) != false
                    else { return false }
                    clock.told = now
                    return true
                }
                if due { tell(.progress(Self.line(progress))) }
            },
            firstCollections: { [self] first in tell(.first(apply(first))) })
    }

    /// `Reading openapi.json · 26.6 MB · 1,200 of 10,000 paths — Esc stops`.
    static func line(_ progress: OpenAPIReadProgress) -> String {
        let language = Language.current
        return Texts.Start.reading(
            source: progress.source, size: language.tenths(Double(progress.bytes) / 1_000_000),
            done: language.number(progress.paths), total: language.number(progress.totalPaths))
    }
}
