import Foundation

/// A value computed once and shared: the decoded form of one response body.
public final class DecodeMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (any Sendable)?

    public init() {}

    /// The memoised value of type `T`, computing it with `make` the first time.
    public func value<T: Sendable, E: Error>(_ make: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let cached = value as? T { return cached }
        let made = try make()
        value = made
        return made
    }
}
