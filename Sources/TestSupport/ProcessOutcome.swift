/// The outcome of a process run without a terminal.
public struct ProcessOutcome: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Whether the process ended by a signal rather than `exit`.
    public var signalled: Bool
}
