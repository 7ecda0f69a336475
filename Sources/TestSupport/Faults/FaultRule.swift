/// Where and how often a ``FaultHTTPServer`` injects a fault.
public struct FaultRule: Sendable {
    /// The method it applies to (`GET`, `PATCH`…), any when `nil`.
    public var method: String?
    /// The path it applies to: exactly this path, or below it when it ends in `/`; any when `nil`.
    public var path: String?
    /// What goes wrong.
    public var fault: NetworkFault
    /// How many more requests it spoils; `nil` for every one (always).
    public var remaining: Int?
    /// Spoils only every `every`-th matching request (a failure rate of 1/`every`).
    public var every: Int
    /// Matching requests seen so far (for ``every``).
    var seen = 0

    /// - Parameters:
    ///   - times: 1 for once, `nil` for always.
    ///   - every: 2 spoils the 2nd, 4th, 6th… matching request.
    public init(_ fault: NetworkFault, method: String? = nil, path: String? = nil, times: Int? = nil, every: Int = 1) {
        self.fault = fault
        self.method = method
        self.path = path
        remaining = times
        self.every = max(1, every)
    }

    func matches(method: String, path: String) -> Bool {
        if let wanted = self.method, wanted.uppercased() != method.uppercased() { return false }
        guard let wanted = self.path else { return true }
        return wanted.hasSuffix("/") ? path.hasPrefix(wanted) : path == wanted
    }

    /// Counts a matching request; whether the fault applies to it.
    mutating func take() -> Bool {
        if let remaining, remaining <= 0 { return false }
        seen += 1
        guard seen % every == 0 else { return false }
        if let remaining { self.remaining = remaining - 1 }
        return true
    }
}
