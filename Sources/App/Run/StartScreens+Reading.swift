import Modules
import TerminalUI

extension StartScreens {
    /// Follows the reading of the service's document: its progress on the
    /// status line, its first collections on screen before the rest, and
    /// Esc stopping it (``handle(_:)``). A launch target waits for the
    /// whole document instead of `showsFirstCollections`.
    func follow(_ staged: AppRoot.Staged, showsFirstCollections: Bool) {
        guard let reading = staged.reading else { return }
        self.reading = reading
        stopReading = { [discovery = staged.discovery] in discovery?.cancel() }
        let first = staged.prepared
        reading.listen { event in
            Task { @MainActor [weak self] in
                guard let self else { return }
                switch event {
                case .progress(let line):
                    guard reading.isActive else { return }
                    progressLine = StatusMessage(line)
                    router.show(StatusMessage(line))
                case .finished:
                    if let line = progressLine { router.clearMessage(line) }
                    progressLine = nil
                case .first(let applied):
                    guard showsFirstCollections, !reading.isDone else { return }
                    var prepared = first
                    prepared.configuration = applied.configuration
                    describe(prepared, firstCollections: true)
                }
            }
        }
    }
}
