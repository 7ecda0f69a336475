/// What a piece of the screen is for; themes map roles to styles.
public enum Role: String, CaseIterable, Sendable, Hashable {
    case text
    case dim
    case header
    case breadcrumb
    case columnHeader
    case row
    case cursorRow
    case selection
    case border
    case statusBar
    case statusKey
    case error
    case warning
    case info
    case spinner
    case doneMark
    case pendingMark
    /// A row or field `:watch` saw change (with a `•`, so it shows without colour too).
    case changed
    case envFake
    case envDevelopment
    case envProduction
    case offline
    case filter
    case dialog
    case dialogTitle
    case helpKey
    case jsonKey
    case jsonString
    case jsonNumber
    case jsonBool
    case jsonNull
    case jsonPunctuation
    case link
}
