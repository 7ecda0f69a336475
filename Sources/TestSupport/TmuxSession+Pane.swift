import Foundation

extension TmuxSession {
    /// Asks tmux for a format of the pane, e.g. `#{alternate_on}`, `#{pane_dead}`.
    public func paneFormat(_ format: String) throws -> String {
        let result = try Spawn.run(["tmux", "-L", socket, "display-message", "-p", "-t", name, format])
        return String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the pane shows the alternate screen (a full-screen app is up).
    public func alternateScreenOn() throws -> Bool {
        try paneFormat("#{alternate_on}") == "1"
    }

    /// The pane's size as tmux sees it.
    public func paneSize() throws -> (cols: Int, rows: Int) {
        let parts = try paneFormat("#{pane_width} #{pane_height}").split(separator: " ")
        return (Int(parts.first ?? "") ?? 0, Int(parts.last ?? "") ?? 0)
    }

    /// Polls the screen until `predicate` holds (tmux offers no event for
    /// "the screen now shows X"), failing with the last screen after
    /// `timeout`. Nothing here blocks a thread of the cooperative pool (a
    /// server in the same process needs them): each `capture-pane` runs on a
    /// thread of its own and the pause between reads is a `Task.sleep`.
    ///
    /// The timeout only bounds a failure, so it is generous: a busy machine
    /// may take seconds to draw what an idle one draws at once. With
    /// `styled`, the predicate reads the screen with its colour escapes
    /// (``screenWithStyles()``), e.g. to find the cursor's row.
    @discardableResult
    public func eventually(
        _ description: String, timeout: TimeInterval = 120, styled: Bool = false, _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try await OwnThread.run { [self] in try styled ? screenWithStyles() : screen() }
            if predicate(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure.timeout(waitingFor: description, screen: last)
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    public func eventuallyShows(_ text: String, timeout: TimeInterval = 120) async throws -> String {
        try await eventually("“\(text)”", timeout: timeout) { $0.contains(text) }
    }
}
