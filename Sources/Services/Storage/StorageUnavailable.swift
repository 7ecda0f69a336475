/// Why the cache database could not be used at all; the run goes on without
/// it (in memory) and says so in one line.
public struct StorageUnavailable: Error, CustomStringConvertible, Sendable {
    /// The cache file.
    public var path: String
    /// What went wrong, in a few words (`database or disk is full`).
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The meaning first, the path last: the status line cuts from the end.
    public var description: String { "Cache off: \(reason) (\(StoragePath.short(path)))" }
}
