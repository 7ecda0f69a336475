/// A one-line message with its severity.
public struct StatusMessage: Equatable, Sendable {
    public enum Severity: Sendable, Equatable { case info, warning, error }
    public var text: String
    public var severity: Severity

    public init(_ text: String, _ severity: Severity = .info) {
        self.text = text
        self.severity = severity
    }
}
