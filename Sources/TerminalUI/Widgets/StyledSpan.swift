/// A piece of text in one role, as status and header bars show them.
public struct StyledSpan: Sendable, Equatable {
    public var text: String
    public var role: Role

    public init(_ text: String, _ role: Role = .text) {
        self.text = text
        self.role = role
    }
}
