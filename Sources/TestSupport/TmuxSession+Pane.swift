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

    /// Polls the screen until `predicate` holds, sleeping without blocking a
    /// thread of the cooperative pool (a server in the same process needs it).
    @discardableResult
    public func eventually(
        _ description: String, timeout: TimeInterval = 15, _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure.timeout(waitingFor: description, screen: last)
    }

    /// Waits (asynchronously) until the screen contains `text`.
    @discardableResult
    public func eventuallyShows(_ text: String, timeout: TimeInterval = 15) async throws -> String {
        try await eventually("“\(text)”", timeout: timeout) { $0.contains(text) }
    }
}
