/// Lines entered before, for ↑/↓ in a line editor; the newest is last.
///
/// `previous(current:)` steps back, remembering the line being typed so that
/// stepping forward past the newest entry brings it back.
public struct LineHistory: Sendable, Equatable {
    /// The remembered lines, oldest first.
    public private(set) var entries: [String] = []
    /// How many lines are kept; older ones are dropped.
    public var limit: Int
    /// The entry being shown while stepping through; nil when not stepping.
    private var position: Int?
    /// The line being typed when stepping started.
    private var draft = ""

    public init(limit: Int = 100) {
        self.limit = max(1, limit)
    }

    /// Remembers `line` as the newest entry (not when blank or the same as the
    /// newest) and stops stepping.
    public mutating func add(_ line: String) {
        position = nil
        guard !line.allSatisfy(\.isWhitespace), entries.last != line else { return }
        entries.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }

    /// The entry before the one shown, or nil when there is none older.
    /// `current` is the line being typed; it is kept for `next()`.
    public mutating func previous(current: String) -> String? {
        let target: Int
        if let position {
            target = position - 1
        } else {
            draft = current
            target = entries.count - 1
        }
        guard target >= 0 else { return nil }
        position = target
        return entries[target]
    }

    /// The entry after the one shown, the line that was being typed after the
    /// newest entry, or nil when not stepping through the history.
    public mutating func next() -> String? {
        guard let position else { return nil }
        if position + 1 < entries.count {
            self.position = position + 1
            return entries[position + 1]
        }
        self.position = nil
        return draft
    }
}
