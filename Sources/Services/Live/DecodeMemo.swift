import Synchronization

/// A value computed once and shared: the decoded form of one response body.
public final class DecodeMemo: Sendable {
    private let value = Mutex<(any Sendable)?>(nil)

    public init() {}

    /// The memoised value of type `T`, computing it with `make` the first time.
    public func value<T: Sendable, E: Error>(_ make: () throws(E) -> T) throws(E) -> T {
        try value.withLock { (value) throws(E) -> T in
            if let cached = value as? T { return cached }
            let made = try make()
            value = made
            return made
        }
    }
}
