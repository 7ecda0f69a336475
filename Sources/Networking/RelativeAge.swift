import Foundation

/// Describes how long ago something happened, for labels like "cached 5 min ago".
public enum RelativeAge {
    /// A short English phrase for the time from `then` to `now`:
    /// "just now" (under 5 s, or in the future from clock skew), "12 s ago",
    /// "5 min ago", "3 h ago", "1 day ago", "2 days ago". Units are truncated,
    /// never rounded up.
    public static func describe(from then: Date, to now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(then).rounded(.down))
        switch seconds {
        case ..<5: return "just now"
        case ..<60: return "\(seconds) s ago"
        case ..<3_600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3_600) h ago"
        default:
            let days = seconds / 86_400
            return days == 1 ? "1 day ago" : "\(days) days ago"
        }
    }
}
