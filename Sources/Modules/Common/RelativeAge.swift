import Foundation
import Translations

/// Describes how long ago something happened, for labels like "cached 5 min ago".
public enum RelativeAge {
    /// A short phrase in the current language for the time from `then` to `now`:
    /// "just now" (under 5 s, or in the future from clock skew), "12 s ago",
    /// "5 min ago" ("vor 5 Min."), "3 h ago", "1 day ago", "2 days ago".
    /// Units are truncated, never rounded up.
    public static func describe(from then: Date, to now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(then).rounded(.down))
        switch seconds {
        case ..<5: return Texts.Age.justNow
        case ..<60: return Texts.Age.seconds(count: seconds)
        case ..<3_600: return Texts.Age.minutes(count: seconds / 60)
        case ..<86_400: return Texts.Age.hours(count: seconds / 3_600)
        default: return Texts.Age.days(count: seconds / 86_400)
        }
    }
}
