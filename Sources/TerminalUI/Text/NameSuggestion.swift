/// "Did you mean …?" for a name typed slightly wrong (config keys, key
/// actions, commands, theme roles).
public enum NameSuggestion {
    /// The known name nearest to `name` by edit distance (ignoring case),
    /// when it is near enough to be a likely typo.
    public static func closest(to name: String, among known: [String]) -> String? {
        let lower = Array(name.lowercased())
        let limit = max(2, lower.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(lower, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// ` (did you mean 'x'?)`, or nothing when no known name is near.
    public static func hint(for name: String, among known: [String]) -> String {
        closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Edit distance counting insertions, deletions, substitutions and swaps
    /// of neighbours (optimal string alignment), so `mvoe` is one from `move`.
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        editDistance(Array(lhs.lowercased()), Array(rhs.lowercased()))
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = (0...a.count).map { i in (0...b.count).map { j in i == 0 ? j : (j == 0 ? i : 0) } }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
