/// Allocates ncurses colour pairs lazily and caches them by (fg, bg).
///
/// Colour indices are terminal colours; -1 is the terminal's default.
/// Pair 0 is the default pair and is never allocated. When the terminal's
/// pairs run out (63 usable on 8-colour terminals), a request gets the
/// existing pair with the same background, else the same foreground, else 0.
struct ColorPairRegistry {
    /// How many pairs the terminal has (including pair 0).
    let capacity: Int
    private(set) var pairs: [Key: Int] = [:]
    /// Requests answered with a substitute once pairs ran out.
    private var substitutes: [Key: Int] = [:]
    private var next = 1

    struct Key: Hashable {
        var foreground: Int
        var background: Int
    }

    init(capacity: Int) {
        self.capacity = max(1, min(capacity, Int(Int16.max)))
        // Made with the terminal, not in the first frame (see `NcursesTerminal.init`).
        pairs.reserveCapacity(64)
    }

    /// The pair for `foreground` on `background`, allocating it with
    /// `allocate(pair, foreground, background)` when new; `allocate` returns
    /// false when ncurses refused.
    mutating func pair(
        foreground: Int, background: Int, allocate: (Int, Int, Int) -> Bool
    ) -> Int {
        if foreground < 0, background < 0 { return 0 }
        let key = Key(foreground: foreground, background: background)
        if let existing = pairs[key] ?? substitutes[key] { return existing }
        if next < capacity, allocate(next, foreground, background) {
            pairs[key] = next
            next += 1
            return next - 1
        }
        let fallback =
            pairs.filter { $0.key.background == background }.min { $0.value < $1.value }?.value
            ?? pairs.filter { $0.key.foreground == foreground }.min { $0.value < $1.value }?.value
            ?? 0
        substitutes[key] = fallback
        return fallback
    }

    /// Forgets every pair (after the colour mode changes).
    mutating func reset() {
        pairs = [:]
        substitutes = [:]
        next = 1
    }
}
